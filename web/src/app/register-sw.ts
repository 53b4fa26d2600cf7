/**
 * Registers the service worker (vite-plugin-pwa) once the page has loaded and gone idle, so it
 * never competes with the landing page's first paint. With `autoUpdate`, a new deploy's worker
 * takes over at once and open pages reload into it: nobody keeps a stale app.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
