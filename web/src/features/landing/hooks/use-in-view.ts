import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is on (or within `margin` of) the screen. `near` latches true the first
 * time, so media starts loading just before it is needed and never before.
 */
export function useInView(ref: RefObject<Element | null>, margin = '200px') {
  const [state, setState] = useState({ visible: false, near: false });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setState({ visible: true, near: true });
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => setState((current) => ({ visible: entry.isIntersecting, near: current.near || entry.isIntersecting })),
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return state;
}
