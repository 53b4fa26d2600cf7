import { Injectable } from '@nestjs/common';
import { bookingCancelKey, isBookingCancelToken } from '@nocturne/config';
import type { BookingCancellation } from '@nocturne/contracts';
import { BOOKING_LINK_INVALID, guestCanCancel } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { BookingClock } from './booking-clock.js';
import { VenueInboxFailure } from './venue-inbox-failure.js';

type GuestBooking = { date: string | null; time: string | null; service: string; guests: string; status: string };

/** Checks the signed link of a guest's e-mail (HMAC of the booking id, key from QR_SECRET) and says what the guest may do. */
@Injectable()
export class BookingCancelLink {
  private readonly key: string;

  constructor(
    private readonly clock: BookingClock,
    @InjectConfig() private readonly config: ApiConfig,
  ) {
    this.key = bookingCancelKey(config.QR_SECRET);
  }

  /** A token that does not match is answered as a booking that does not exist: the link tells a stranger nothing. */
  check<T extends GuestBooking>(bookingId: string, token: string, booking: T | undefined): T {
    if (!booking || !isBookingCancelToken(this.key, bookingId, token)) {
      throw new VenueInboxFailure('not_found', BOOKING_LINK_INVALID);
    }
    return booking;
  }

  view(booking: GuestBooking): BookingCancellation {
    return {
      night: booking.date,
      time: booking.time,
      service: booking.service as BookingCancellation['service'],
      guests: booking.guests,
      status: booking.status as BookingCancellation['status'],
      cancellable: guestCanCancel(booking, this.clock.now(), this.config.VENUE_TZ),
    };
  }
}
