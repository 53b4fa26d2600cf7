/**
 * Whether the page opened on the landing page as prerendered into index.html (src/app/prerender.tsx),
 * which the app hydrates; any other page (and the dev server) starts from an empty root.
 */
export function isPrerenderedLanding(root: HTMLElement | null): boolean {
  return Boolean(root?.firstElementChild) && window.location.pathname === '/';
}
