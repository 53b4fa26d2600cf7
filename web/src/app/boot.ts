// The page's only script tag. The full stylesheet is imported here so the build still links it
// from the HTML. The application (React, the router, the landing page's code: main.tsx) is
// imported once the prerendered landing page has painted its first frame (a frame, then a task
// after it): on a slow phone, the heading, the page's largest paint, waits for no script download
// or evaluation. Any other page (and the dev server) starts from an empty root and loads the app
// at once.
import './index.css';

const start = () => void import('./main');
const root = document.getElementById('root');
if (root?.firstElementChild && window.location.pathname === '/') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
