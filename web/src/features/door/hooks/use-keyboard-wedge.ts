import { useEffect, useRef } from 'react';

/**
 * A USB or Bluetooth barcode scanner is a keyboard: it types what it read, fast, then Enter. Keys
 * typed anywhere on the page but a field, each within WEDGE_KEY_GAP_MS of the one before and
 * ended by Enter, are taken as one scan; a person typing is slower, and their keys are dropped.
 */
const WEDGE_KEY_GAP_MS = 100;
/** Shorter than any code of ours (a short code is 11 characters). */
const WEDGE_MIN_LENGTH = 4;

const isField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement);

export function useKeyboardWedge(onScanned: (text: string) => void) {
  const handler = useRef(onScanned);
  useEffect(() => {
    handler.current = onScanned;
  });
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      if (isField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const now = Date.now();
      if (now - last > WEDGE_KEY_GAP_MS) buffer = '';
      if (event.key === 'Enter') {
        const text = buffer;
        buffer = '';
        last = 0;
        if (text.length >= WEDGE_MIN_LENGTH) {
          // Not a press of the focused button: the scanner's Enter ends its code.
          event.preventDefault();
          handler.current(text);
        }
        return;
      }
      // Shift and the like come with a scanner's capitals: they neither add nor break the sequence.
      if (event.key.length !== 1) return;
      buffer += event.key;
      last = now;
      // A space would press the focused button.
      if (buffer.length > 1) event.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
