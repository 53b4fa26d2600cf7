import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('load', changed);
  return () => window.removeEventListener('load', changed);
}

const pageLoaded = () => document.readyState === 'complete';
/** Prerendering and hydrating: not loaded, so the prerendered page and its hydration agree. */
const notYet = () => false;

/**
 * False until the page's own load is over (the window's `load` event), then true. For what is
 * decoration, not content (the hero's background video): it starts downloading once the page's
 * text, styles, font and poster are in, instead of competing with them for a slow phone link.
 */
export function useAfterPageLoad(): boolean {
  return useSyncExternalStore(subscribe, pageLoaded, notYet);
}
