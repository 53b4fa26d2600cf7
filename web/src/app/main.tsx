import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { registerServiceWorkerWhenIdle } from './register-sw';
import { AppRouter } from './router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// The built index.html carries the landing page prerendered (src/app/prerender.tsx): bring it to
// life where it was rendered for. Any other page (and the dev server) starts from an empty root.
// Hydration waits for the prerendered page's first frame (a frame, then a task after it): the
// heading, the page's largest paint, shows without waiting for React's work on a slow phone.
if (root.firstElementChild && window.location.pathname === '/') {
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app), 0));
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}

registerServiceWorkerWhenIdle();
