import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useEscapeCloses } from './use-escape-closes';
import { useReturnFocus } from './use-return-focus';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * A panel that slides up from the bottom of a small screen, over what the visitor was looking
 * at (so nothing opens far down the page). Radix traps focus and gives it back on close.
 */
export function Sheet({ open, onOpenChange, title, description, children }: SheetProps) {
  const returnFocus = useReturnFocus(open);
  const escape = useEscapeCloses(onOpenChange);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={escape.onEscapeKeyDown}
          onKeyDown={escape.onKeyDown}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[88dvh] overflow-y-auto rounded-t-2xl border-t border-gold/30 bg-night-900 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-white shadow-[0_-10px_60px_rgba(255,45,149,0.25)]"
        >
          <div aria-hidden="true" className="mx-auto mb-3 h-1 w-10 rounded-full bg-white/30" />
          <Dialog.Title className="font-display pr-10 text-2xl text-gold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-white/80">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 flex h-10 w-10 items-center justify-center rounded-full text-2xl text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-gold"
          >
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
