import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPrerenderedLanding } from './prerendered-landing';
import { AppProvider } from './provider';
import { registerServiceWorkerWhenIdle } from './register-sw';
import { AppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

let markReady: () => void = () => undefined;
/** Settles once the app's first render (on `/`, the prerendered page's hydration) is committed. */
export const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * Renders nothing, so the prerendered markup (which lacks it) still matches. It sits inside the
 * routes' Suspense boundary, which React hydrates after the root: its effect runs once the page
 * itself is hydrated.
 */
function Ready() {
  useEffect(() => markReady(), []);
  return null;
}

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter>
        <Ready />
      </AppRouter>
    </AppProvider>
  </StrictMode>
);

// Loaded by boot.ts. The built index.html carries the landing page prerendered
// (src/app/prerender.tsx): bring it to life where it was rendered for (boot.ts has already waited
// for its first paint). Any other page (and the dev server) starts from an empty root.
if (isPrerenderedLanding(root)) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}

registerServiceWorkerWhenIdle();
