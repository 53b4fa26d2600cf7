import { addDays, instantAtWallClock, type OpeningHours, slotStart, VENUE_OPENING_HOURS } from '@nocturne/domain';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { readableService } from './booking-mail.js';
import { zoneWords } from './mail-venues.js';

export interface BookingForIcs {
  id: string;
  date: string;
  time: string;
  guests: string;
  service: string;
}

/**
 * A confirmed booking as an iCalendar object (RFC 5545), attached to the confirmation e-mail.
 * Times are written in UTC (DTSTART:...Z), computed from the venue's zone: a calendar shows them in
 * its own zone, right across a daylight-saving change, with no VTIMEZONE to get wrong. The event
 * runs from the booked slot to the night's closing (the venue's closing hour the next morning); its UID is
 * the booking's, so a calendar that imports it twice keeps one event.
 */
export function bookingIcs(
  booking: BookingForIcs,
  options: {
    timeZone: string;
    stamp: Date;
    cancelUrl: string;
    venueName?: string;
    /** A venue of a group: its address (the event's location with its name) and its own hours. */
    venueAddress?: string;
    openingHours?: OpeningHours;
  },
): string {
  const venueName = options.venueName ?? 'Nocturne';
  const hours = options.openingHours ?? VENUE_OPENING_HOURS;
  const calendar = ical({ prodId: { company: 'Nocturne', product: 'Bookings', language: 'EN' }, name: venueName });
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: `booking-${booking.id}@nocturne`,
    start: slotStart(booking.date, booking.time, options.timeZone),
    end: instantAtWallClock(addDays(booking.date, 1), hours.closesAtHour, options.timeZone),
    stamp: options.stamp,
    summary: `${venueName}: ${readableService(booking.service)}, ${booking.guests} ${booking.guests === '1' ? 'guest' : 'guests'}`,
    description: options.venueAddress
      ? `Your booking at ${venueName} is confirmed, ${booking.time} ${zoneWords(options.timeZone)}.\nTo cancel it: ${options.cancelUrl}`
      : `Your booking at ${venueName} is confirmed.\nTo cancel it: ${options.cancelUrl}`,
    location: options.venueAddress ? `${venueName}, ${options.venueAddress}` : venueName,
    status: ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
