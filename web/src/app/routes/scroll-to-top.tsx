import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new screen starts at its top, as a full page load would (hash links excepted). */
export function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
