import { useState } from 'react';
import type { BookingView, UpdateBookingStatusRequest } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, humanise } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { useBookings, useUpdateBookingStatus } from '../api/inbox';
import { DeliveryState } from './DeliveryState';

const statusTone = { requested: 'gold', confirmed: 'green', declined: 'red' } as const;

function BookingItem({ booking }: { booking: BookingView }) {
  const update = useUpdateBookingStatus();
  const [note, setNote] = useState('');
  const decide = (status: UpdateBookingStatusRequest['status']) =>
    update.mutate(
      { id: booking.id, status, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast({
            title: status === 'confirmed' ? 'Booking confirmed' : 'Booking declined',
            description: `${booking.name} will be e-mailed.`,
          });
          setNote('');
        },
        onError: (error) => toastError(reasonOr(error, 'Failed to update booking')),
      },
    );
  const when = [booking.date, booking.time].filter(Boolean).join(' ') || 'No date given';
  return (
    <li aria-label={`Booking from ${booking.name}`} className="grid gap-2 rounded-lg border border-white/10 bg-night-950/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-white">{booking.name}</h3>
        <Badge tone={statusTone[booking.status]}>{humanise(booking.status)}</Badge>
      </div>
      <p className="text-sm text-white/85">
        {humanise(booking.service)} · {when} · {booking.guests} guests
      </p>
      <p className="break-all text-sm text-white/80">
        <a className="text-gold underline-offset-4 hover:underline" href={`mailto:${booking.email}`}>
          {booking.email}
        </a>
        {booking.phone ? ` · ${booking.phone}` : ''}
      </p>
      {booking.message ? <p className="whitespace-pre-line text-sm text-white/80">{booking.message}</p> : null}
      <p className="text-xs text-white/70">Received {formatDateTime(booking.createdAt)}</p>
      {booking.statusNote ? <p className="text-xs text-white/75">Note to guest: {booking.statusNote}</p> : null}
      <DeliveryState deliveries={booking.deliveries} />
      {booking.status === 'requested' ? (
        <div className="grid gap-2">
          <TextAreaField
            label="Note to the guest (optional)"
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={1000}
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => decide('confirmed')} disabled={update.isPending}>
              Confirm
            </Button>
            <Button variant="outline" onClick={() => decide('declined')} disabled={update.isPending}>
              Decline
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The bookings inbox: requests stored by the api, newest first, with their e-mail state. */
export function BookingsInbox() {
  const bookings = useBookings();
  const items = bookings.data?.pages.flatMap((page) => page.bookings) ?? [];
  return (
    <Card title="Bookings">
      {bookings.isPending ? (
        <ListNote>Loading bookings...</ListNote>
      ) : bookings.isError ? (
        <ListNote tone="error">Failed to fetch bookings</ListNote>
      ) : items.length === 0 ? (
        <ListNote>No booking requests yet.</ListNote>
      ) : (
        <ul aria-label="Bookings" className="grid gap-3">
          {items.map((booking) => (
            <BookingItem key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
      {bookings.hasNextPage ? (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void bookings.fetchNextPage()}
          disabled={bookings.isFetchingNextPage}
        >
          {bookings.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </Card>
  );
}
