import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new screen starts at its top, as a full page load would (hash links excepted). The page the
 * app starts on keeps its scroll: a visitor may have scrolled the prerendered landing page before
 * it was hydrated.
 */
export function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const shown = useRef(`${pathname}${hash}`);
  useEffect(() => {
    if (shown.current === `${pathname}${hash}`) return;
    shown.current = `${pathname}${hash}`;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
