import { nightName } from '@nocturne/domain';
import type { MailVenue } from './mail-venues.js';
import { zoneWords } from './mail-venues.js';
import type { BookingForMail } from './mail.repository.js';

/** What the e-mails need of the booking's venue (none: a single venue's, as before venues). */
type VenueForMail = Pick<MailVenue, 'name' | 'address' | 'timeZone' | 'named'>;

/** The name an e-mail signs with: the venue's in a group, else the install's as before venues. */
export const signature = (venue?: VenueForMail) => (venue?.named ? venue.name : 'Nocturne');

const SERVICE_LABELS: Record<string, string> = {
  'vip-room': 'VIP room',
  'private-room': 'Private room',
  'luxury-suite': 'Luxury suite',
  'group-booking': 'Group booking',
  'bucks-party': 'Bucks party',
  birthday: 'Birthday',
  corporate: 'Corporate event',
};

/** "VIP room" for vip-room. */
export const readableService = (service: string) => SERVICE_LABELS[service] ?? service;

/** "Friday 28 November 2026" for the club night's date 2026-11-28 (a calendar date of the venue). */
const readableDate = nightName;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * When the guest is expected, the way people say it: "Friday night 4 December 2026, at 22:00", and
 * a slot after midnight with the morning it falls on, "Friday night 4 December 2026, at 00:00
 * (Saturday morning)": the night is the evening's date, the slot is on the next calendar day (as the
 * attached calendar entry has it).
 */
export function readableWhen(date: string | null, time: string | null): string {
  if (!date) return time ? `night not given, at ${time}` : 'not given';
  const [weekday, ...rest] = readableDate(date).split(' ');
  const night = `${weekday} night ${rest.join(' ')}`;
  if (!time) return `${night}, time not given`;
  if (Number(time.slice(0, 2)) >= 12) return `${night}, at ${time}`;
  const morning = WEEKDAYS[(WEEKDAYS.indexOf(weekday as (typeof WEEKDAYS)[number]) + 1) % 7];
  return `${night}, at ${time} (${morning} morning)`;
}

/**
 * The booking as lines of plain text, shared by the venue's and the guest's e-mails. In a group,
 * which venue (its name and address) and the time zone its times are in.
 */
export function bookingSummary(
  booking: Pick<BookingForMail, 'service' | 'date' | 'time' | 'guests'>,
  venue?: VenueForMail,
): string[] {
  const when = readableWhen(booking.date, booking.time);
  if (!venue?.named) return [`Service: ${readableService(booking.service)}`, `When: ${when}`, `Guests: ${booking.guests}`];
  return [
    `Venue: ${[venue.name, venue.address].filter(Boolean).join(', ')}`,
    `Service: ${readableService(booking.service)}`,
    `When: ${when}, ${zoneWords(venue.timeZone)}`,
    `Guests: ${booking.guests}`,
  ];
}

/**
 * The guest's e-mail about a decision: plain text (the note is the admin's words, sent as typed;
 * the mail has no HTML part, so nothing in it is ever read as markup).
 */
export function bookingDecisionMail(
  booking: Pick<BookingForMail, 'name' | 'service' | 'date' | 'time' | 'guests' | 'status_note'>,
  status: 'confirmed' | 'declined',
  cancelUrl?: string,
  venue?: VenueForMail,
): { subject: string; text: string } {
  const confirmed = status === 'confirmed';
  const name = signature(venue);
  return {
    subject: confirmed ? `Your booking is confirmed - ${name}` : `About your booking request - ${name}`,
    text: [
      `Hi ${booking.name},`,
      '',
      confirmed ? 'Good news: your booking is confirmed.' : 'We are sorry: we cannot take your booking this time.',
      '',
      ...bookingSummary(booking, venue),
      ...(booking.status_note ? ['', 'A note from the venue:', booking.status_note] : []),
      ...(confirmed && cancelUrl ? ['', 'The booking is attached for your calendar.', cancelLine(cancelUrl)] : []),
      '',
      name,
    ].join('\n'),
  };
}

/** The guest's way out, in every e-mail about a booking that holds a place. */
export const cancelLine = (cancelUrl: string) => `Can't make it? Cancel your booking here: ${cancelUrl}`;

/** The afternoon of the night: the booking once more, and the link to cancel it. */
export function bookingReminderMail(
  booking: Pick<BookingForMail, 'name' | 'service' | 'date' | 'time' | 'guests'>,
  cancelUrl: string,
  venue?: VenueForMail,
): { subject: string; text: string } {
  const name = signature(venue);
  return {
    subject: `See you tonight - ${name}`,
    text: [
      `Hi ${booking.name},`,
      '',
      `A reminder of your booking at ${name} tonight:`,
      '',
      ...bookingSummary(booking, venue),
      '',
      cancelLine(cancelUrl),
      '',
      name,
    ].join('\n'),
  };
}
