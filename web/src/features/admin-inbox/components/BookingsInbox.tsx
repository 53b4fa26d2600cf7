import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BookingView } from '@nocturne/contracts';
import { BOOKING_SERVICE_LABELS } from '@nocturne/contracts/constants';
import { BOOKING_DECISIONS, type BookingStatus, isIsoDate } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { capitalise, countOf } from '@/lib/format';
import { formatBookingSlot, formatVenueDateTime, useVenueInfo } from '@/lib/venue-time';
import { useBookings, useInboxCounts } from '../api/inbox';
import { BookingDecisionDialog, type PendingDecision } from './BookingDecisionDialog';
import { InboxItem, InboxList } from './InboxShell';
import { NightPlaces } from './NightPlaces';

const statusTone = { requested: 'gold', confirmed: 'green', declined: 'red', cancelled: 'muted' } as const;
const filters = [
  { value: 'all', label: 'All bookings' },
  { value: 'requested', label: 'Waiting for an answer' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'declined', label: 'Declined' },
  { value: 'cancelled', label: 'Cancelled by the guest' },
] as const;
type Filter = (typeof filters)[number]['value'];

function BookingItem({
  booking,
  timeZone,
  onDecide,
}: {
  booking: BookingView;
  timeZone: string;
  onDecide: (pending: PendingDecision) => void;
}) {
  const waiting = booking.status === 'requested';
  // A guest who cancelled through their e-mail's link has left nothing to decide.
  const decisions = booking.status === 'cancelled' ? [] : BOOKING_DECISIONS.filter((decision) => decision !== booking.status);
  return (
    <InboxItem
      label={`Booking from ${booking.name}`}
      waiting={waiting}
      name={booking.name}
      badges={<Badge tone={statusTone[booking.status]}>{capitalise(booking.status)}</Badge>}
      detail={
        <p className="text-sm text-white/85">
          {BOOKING_SERVICE_LABELS[booking.service]} · {formatBookingSlot(booking.date, booking.time)} ·{' '}
          {booking.guests === '1' ? '1 guest' : `${booking.guests} guests`}
        </p>
      }
      email={booking.email}
      phone={booking.phone}
      createdAt={booking.createdAt}
      timeZone={timeZone}
      deliveries={booking.deliveries}
      status={
        <>
          {booking.status === 'cancelled' ? (
            <p className="text-xs text-white/85">Cancelled by the guest through the link in their e-mail</p>
          ) : !waiting && booking.statusChangedAt ? (
            <p className="text-xs text-white/85">
              {capitalise(booking.status)}
              {booking.decidedBy ? ` by ${booking.decidedBy}` : ''} · {formatVenueDateTime(booking.statusChangedAt, timeZone)}
            </p>
          ) : null}
          {booking.statusNote ? (
            <p className="whitespace-pre-line break-words text-xs text-white/80">Note to the guest: {booking.statusNote}</p>
          ) : null}
        </>
      }
      actions={
        <div className="flex flex-wrap gap-2">
          {decisions.map((decision) => (
            <Button
              key={decision}
              variant={decision === 'confirmed' && waiting ? 'gold' : 'outline'}
              onClick={() => onDecide({ booking, decision })}
            >
              {decision === 'confirmed' ? 'Confirm' : 'Decline'}
            </Button>
          ))}
        </div>
      }
    >
      {booking.message ? <p className="whitespace-pre-line break-words text-sm text-white/80">{booking.message}</p> : null}
    </InboxItem>
  );
}

/**
 * The bookings inbox: requests newest first, those waiting for an answer outlined, with their
 * e-mails in words. Picking a night shows that night's bookings with their status, and its places
 * per service, which a manager sets.
 */
export function BookingsInbox() {
  const [filter, setFilter] = useState<Filter>('all');
  // The night picked is in the address (`?night=2026-12-04`): a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const picked = params.get('night') ?? '';
  const night = isIsoDate(picked) ? picked : '';
  const setNight = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('night', value);
        else next.delete('night');
        return next;
      },
      { replace: true },
    );
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const bookings = useBookings(filter === 'all' ? undefined : (filter as BookingStatus), night || undefined);
  const venue = useVenueInfo();
  const waiting = useInboxCounts().data?.requestedBookings;
  const items = bookings.data?.pages.flatMap((page) => page.bookings) ?? [];
  const timeZone = venue.data?.timeZone;
  return (
    <Card
      title="Bookings"
      description={waiting === undefined ? undefined : `${countOf(waiting, 'request')} waiting for an answer`}
      action={
        <div className="flex flex-wrap gap-3">
          <TextField label="Night" type="date" value={night} onChange={(event) => setNight(event.target.value)} />
          <SelectField label="Show" value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            {filters.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </div>
      }
    >
      {night ? <NightPlaces night={night} /> : null}
      <InboxList
        label="Bookings"
        noun="bookings"
        query={bookings}
        items={items}
        venuePending={venue.isPending}
        timeZone={timeZone}
        empty={night ? 'No bookings for this night.' : filter === 'all' ? 'No booking requests yet.' : 'No bookings here.'}
        renderItem={(booking, zone) => <BookingItem key={booking.id} booking={booking} timeZone={zone} onDecide={setPending} />}
      />
      <BookingDecisionDialog pending={pending} onClose={() => setPending(null)} />
    </Card>
  );
}
