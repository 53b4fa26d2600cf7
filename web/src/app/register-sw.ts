/**
 * Registers the service worker (vite-plugin-pwa's, built as /sw.js) once the page has loaded and
 * gone idle, so it never competes with the landing page's first paint. Its worker skips waiting
 * and claims open pages, so a new deploy's worker takes over at once; a page it takes over from
 * an older worker reloads into it: nobody keeps a stale app. The browser's own API does this in a
 * few lines, so the landing page loads no workbox-window for it.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    let controlled = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      // The first worker taking over a page is an install, not an update: nothing to reload.
      if (controlled) window.location.reload();
      controlled = true;
    });
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
