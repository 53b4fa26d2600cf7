import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './dialog';

/**
 * Asks before an action staff cannot take back quietly (a post deleted, a comment removed, an
 * e-mail sent, an account disabled): the action first, then Cancel; Escape, the close button and
 * Cancel change nothing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** More to say before the buttons (what the member loses, say). */
  children?: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children ? <div className="mb-5 text-sm text-white/85">{children}</div> : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="neon" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
