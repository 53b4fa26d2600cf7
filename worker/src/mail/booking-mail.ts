import type { BookingForMail } from './mail.repository.js';

const SERVICE_LABELS: Record<string, string> = {
  'vip-room': 'VIP room',
  'private-room': 'Private room',
  'luxury-suite': 'Luxury suite',
  'group-booking': 'Group booking',
  'bucks-party': 'Bucks party',
  birthday: 'Birthday',
  corporate: 'Corporate event',
};

/** The booking as lines of plain text, shared by the venue's and the guest's e-mails. */
export function bookingSummary(booking: Pick<BookingForMail, 'service' | 'date' | 'time' | 'guests'>): string[] {
  return [
    `Service: ${SERVICE_LABELS[booking.service] ?? booking.service}`,
    `Date: ${booking.date ?? 'not given'}`,
    `Time: ${booking.time ?? 'not given'}`,
    `Guests: ${booking.guests}`,
  ];
}
