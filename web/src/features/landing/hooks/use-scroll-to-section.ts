import { useCallback } from 'react';
import { useReducedMotion } from '@/lib/use-reduced-motion';

export type SectionId = 'venue' | 'performers' | 'services' | 'contact';

/** Smooth-scrolls to a section (instantly for reduced motion) and moves focus there for keyboards. */
export function useScrollToSection() {
  const reduced = useReducedMotion();
  return useCallback(
    (id: SectionId | 'top') => {
      const behavior: ScrollBehavior = reduced ? 'auto' : 'smooth';
      if (id === 'top') {
        window.scrollTo({ top: 0, behavior });
        return;
      }
      const section = document.getElementById(id);
      if (!section) return;
      section.scrollIntoView({ behavior, block: 'start' });
      section.focus({ preventScroll: true });
      history.replaceState(null, '', `#${id}`);
    },
    [reduced],
  );
}
