import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BOOKING_SERVICE_LABELS } from '@nocturne/contracts/constants';
import { BOOKING_CANCELLED, BOOKING_LINK_INVALID, bookingNotCancellableMessage, nightName } from '@nocturne/domain';
import { ApiError } from '@/lib/api-client';
import { Button, buttonClass } from '@/components/ui/button';
import { telHref, venue } from '@/config/venue';
import { useBookingCancellation, useCancelBooking } from '../api/cancel-booking';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-night-950 px-4 py-6 text-white">
      <div className="mx-auto w-full max-w-md">
        <Link to="/" className={buttonClass('ghost', '-ml-3 px-3 normal-case tracking-normal')}>
          <span aria-hidden="true">←</span> Back to Site
        </Link>
        <main className="mt-6 grid gap-4 rounded-2xl border border-gold/25 bg-night-900/90 p-5 sm:p-8">
          <h1 className="font-display text-center text-3xl text-gold">Cancel Your Booking</h1>
          {children}
        </main>
        <p className="mt-6 text-center text-sm text-white/80">
          Questions? Call us on{' '}
          <a href={telHref(venue.phone)} className="whitespace-nowrap text-gold underline-offset-4 hover:underline">
            {venue.phone}
          </a>
          .
        </p>
      </div>
    </div>
  );
}

const slot = (time: string | null) =>
  time ? (Number(time.slice(0, 2)) < 12 ? `${time} (after midnight)` : time) : 'no time given';

/**
 * The page the link in a guest's booking e-mail opens (/bookings/cancel?id=…&token=…): it shows the
 * booking and cancels it on one click; the api checks the link's signature (PRODUCT.md §2.3).
 */
export function CancelBooking({ id, token }: { id: string; token: string }) {
  const booking = useBookingCancellation(id, token);
  const cancel = useCancelBooking(id, token);
  if (!id || !token || booking.isError) {
    return (
      <Frame>
        <p role="alert" className="text-center text-sm text-red-200">
          {booking.error instanceof ApiError && booking.error.status !== 404
            ? 'We could not look up this booking. Please try again.'
            : BOOKING_LINK_INVALID}
        </p>
      </Frame>
    );
  }
  if (booking.isPending) {
    return (
      <Frame>
        <p className="text-center text-sm text-white/80">Looking up your booking...</p>
      </Frame>
    );
  }
  const view = booking.data;
  return (
    <Frame>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-white/70">Night</dt>
        <dd>{view.night ? nightName(view.night) : 'not given'}</dd>
        <dt className="text-white/70">Time</dt>
        <dd>{slot(view.time)}</dd>
        <dt className="text-white/70">Service</dt>
        <dd>{BOOKING_SERVICE_LABELS[view.service]}</dd>
        <dt className="text-white/70">Guests</dt>
        <dd>{view.guests}</dd>
      </dl>
      {view.status === 'cancelled' && cancel.isSuccess ? (
        <p role="status" className="text-center text-sm text-emerald-200">
          {BOOKING_CANCELLED}
        </p>
      ) : view.cancellable ? (
        <>
          <Button variant="neon" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Booking'}
          </Button>
          {cancel.isError ? (
            <p role="alert" className="text-center text-sm text-red-200">
              {cancel.error instanceof ApiError && cancel.error.serverMessage
                ? cancel.error.serverMessage
                : 'We could not cancel your booking. Please try again.'}
            </p>
          ) : null}
        </>
      ) : (
        <p role="status" className="text-center text-sm text-white/85">
          {bookingNotCancellableMessage(view.status)}
        </p>
      )}
    </Frame>
  );
}
