import { useState } from 'react';
import type { BookingView } from '@nocturne/contracts';
import { BOOKING_SERVICE_LABELS } from '@nocturne/contracts/constants';
import { BOOKING_NOTE_MAX, type BookingDecision } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { reasonOr, toastError } from '@/lib/notify';
import { formatBookingSlot } from '@/lib/venue-time';
import { useUpdateBookingStatus } from '../api/inbox';

export interface PendingDecision {
  booking: BookingView;
  decision: BookingDecision;
}

const verb = { confirmed: 'Confirm', declined: 'Decline' } as const;

/**
 * Asks before confirming or declining: who, when, how many, and an optional note that goes into
 * the guest's e-mail. Changing an earlier decision says so, since the guest is e-mailed again.
 */
export function BookingDecisionDialog({ pending, onClose }: { pending: PendingDecision | null; onClose: () => void }) {
  const booking = pending?.booking;
  const decision = pending?.decision ?? 'confirmed';
  return (
    <Modal
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${verb[decision]} booking?`}
      description={
        booking
          ? `${booking.status === 'requested' ? '' : `It is ${booking.status} now. `}${booking.name} will be e-mailed that it is ${decision}.`
          : undefined
      }
    >
      {pending ? <DecisionForm key={`${pending.booking.id}-${decision}`} pending={pending} onDone={onClose} /> : null}
    </Modal>
  );
}

function DecisionForm({ pending: { booking, decision }, onDone }: { pending: PendingDecision; onDone: () => void }) {
  const update = useUpdateBookingStatus();
  const [note, setNote] = useState('');
  const decide = () =>
    update.mutate(
      { id: booking.id, status: decision, note: note.trim() || undefined, expectedStatus: booking.status },
      {
        onSuccess: () => {
          toast({
            title: decision === 'confirmed' ? 'Booking confirmed' : 'Booking declined',
            description: `${booking.name} will be e-mailed${note.trim() ? ' with your note' : ''}.`,
          });
          onDone();
        },
        onError: (error) => {
          toastError(reasonOr(error, 'Please try again.'), 'Failed to update booking');
          onDone();
        },
      },
    );
  return (
    <>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-white/75">Guest</dt>
        <dd className="break-words">
          {booking.name} ({booking.email})
        </dd>
        <dt className="text-white/75">When</dt>
        <dd>{formatBookingSlot(booking.date, booking.time)}</dd>
        <dt className="text-white/75">Party</dt>
        <dd>
          {booking.guests === '1' ? '1 guest' : `${booking.guests} guests`} · {BOOKING_SERVICE_LABELS[booking.service]}
        </dd>
      </dl>
      <TextAreaField
        label="Note to the guest (optional)"
        hint="Goes into the e-mail to the guest, as you write it."
        rows={3}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={BOOKING_NOTE_MAX}
      />
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant={decision === 'confirmed' ? 'neon' : 'outline'} onClick={decide} disabled={update.isPending}>
          {update.isPending ? 'Sending...' : `${verb[decision]} booking`}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </>
  );
}
