export interface BookingRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  date: string | null;
  time: string | null;
  guests: string;
  service: string;
  message: string | null;
  status: string;
  status_note: string | null;
}

export const BOOKING_COLUMNS = "id, name, email, phone, to_char(date, 'YYYY-MM-DD') as date, time, guests, service, message, status, status_note";

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
export function bookingSummary(booking: BookingRow): string[] {
  return [
    `Service: ${SERVICE_LABELS[booking.service] ?? booking.service}`,
    `Date: ${booking.date ?? 'not given'}`,
    `Time: ${booking.time ?? 'not given'}`,
    `Guests: ${booking.guests}`,
  ];
}
