import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useEscapeCloses } from './use-escape-closes';
import { useReturnFocus } from './use-return-focus';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Age gates and similar must be answered, not dismissed. */
  dismissible?: boolean;
  className?: string;
}

/**
 * A centred dialog. Radix traps focus inside it and gives focus back to the control that opened
 * it (see useReturnFocus); overlay click, Escape and the close button close it unless it is not dismissible.
 */
export function Modal({ open, onOpenChange, title, description, children, dismissible = true, className = '' }: ModalProps) {
  const returnFocus = useReturnFocus(open);
  const escape = useEscapeCloses(onOpenChange, dismissible);
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="dialog-overlay" className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={escape.onEscapeKeyDown}
          onKeyDown={escape.onKeyDown}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-gold/30 bg-night-900 p-5 text-white shadow-[0_0_60px_rgba(255,45,149,0.25)] sm:p-7 ${className}`}
        >
          <Dialog.Title className="font-display pr-8 text-2xl text-gold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-sm text-white/80">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-5">{children}</div>
          {dismissible ? (
            <Dialog.Close
              aria-label="Close"
              className="absolute right-3 top-3 flex h-10 w-10 items-center justify-center rounded-full text-2xl text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-gold"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
