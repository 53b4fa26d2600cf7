// The page's only script tag. The full stylesheet is imported here so the build still links it
// from the HTML. The application (React, the router, the landing page's code: main.tsx) is
// imported once the prerendered landing page has been painted (the browser's first-contentful-paint
// entry, which comes when the frame is on screen): on a slow phone, the heading, the page's largest
// paint, waits for no script download or evaluation. Any other page (and the dev server) starts
// from an empty root and loads the app at once.
import './index.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};

function afterFirstPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing: a frame, then a task after it.
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Should the entry never come (a page opened in a background tab paints only once shown), the
  // app still starts.
  setTimeout(then, 3000);
}

const root = document.getElementById('root');
if (root?.firstElementChild && window.location.pathname === '/') afterFirstPaint(start);
else start();
