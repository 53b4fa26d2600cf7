import type { KeyboardEvent } from 'react';
import { useRef } from 'react';

/**
 * Escape closes the dialog the visitor is in, even while a toast shows. Radix gives Escape to the
 * newest dismissable layer, and a toast that appeared after the dialog opened (the scanner's
 * "Camera Error", a failed save) is one: Escape then dismissed the toast and left the dialog open.
 * Focus is trapped in the dialog, so an Escape pressed inside it that Radix did not give to the
 * dialog itself (`onEscapeKeyDown`) went to such a layer: the dialog closes too. An Escape from a
 * popup of the dialog's own (a portalled list, a nested dialog) starts outside its DOM and is left
 * to that popup. Radix's own issue: radix-ui/primitives#4143 and its neighbours.
 */
export function useEscapeCloses(onOpenChange: (open: boolean) => void, dismissible = true) {
  const seenByDialog = useRef<Event | null>(null);
  return {
    onEscapeKeyDown(event: globalThis.KeyboardEvent) {
      seenByDialog.current = event;
      if (!dismissible) event.preventDefault();
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== 'Escape' || !dismissible || seenByDialog.current === event.nativeEvent) return;
      if (!event.currentTarget.contains(event.target as Node)) return;
      onOpenChange(false);
    },
  };
}
