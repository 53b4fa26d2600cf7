import type { BookingView, ContactMessageView, EmailDeliveryView } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import type { BookingRow, ContactMessageRow, DeliveryRow } from './venue-inbox.repository.js';

/** The group's venues by id, as the inbox names them (archived ones too: their history). */
type VenueNames = Map<number, string>;
export const venueNames = (venues: VenueRecord[]): VenueNames => new Map(venues.map((venue) => [venue.id, venue.name]));
const venueOf = (id: number, names: VenueNames) => ({ id, name: names.get(id) ?? '' });

/** Each subject's deliveries, in the order read. */
export function deliveriesBySubject(rows: DeliveryRow[]): Map<string, EmailDeliveryView[]> {
  const bySubject = new Map<string, EmailDeliveryView[]>();
  for (const row of rows) {
    const list = bySubject.get(row.subject_id) ?? [];
    list.push({
      kind: row.kind,
      recipient: row.recipient,
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
      sentAt: isoTimestampOrNull(row.sent_at),
    });
    bySubject.set(row.subject_id, list);
  }
  return bySubject;
}

export function contactMessageView(
  row: ContactMessageRow,
  deliveries: Map<string, EmailDeliveryView[]>,
  venues: VenueNames,
): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    isSpam: row.is_spam,
    state: row.state,
    handledBy: row.handled_by,
    handledAt: isoTimestampOrNull(row.handled_at),
    createdAt: isoTimestamp(row.created_at),
    venue: venueOf(row.venue_id, venues),
    deliveries: deliveries.get(row.id) ?? [],
  };
}

export function bookingView(row: BookingRow, deliveries: Map<string, EmailDeliveryView[]>, venues: VenueNames): BookingView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    date: row.date,
    // Stored from a request the contract validated: the columns are plain text, the values its enums.
    time: row.time as BookingView['time'],
    guests: row.guests as BookingView['guests'],
    service: row.service as BookingView['service'],
    message: row.message,
    status: row.status,
    statusNote: row.status_note,
    statusChangedAt: isoTimestampOrNull(row.status_changed_at),
    decidedBy: row.decided_by,
    createdAt: isoTimestamp(row.created_at),
    venue: venueOf(row.venue_id, venues),
    deliveries: deliveries.get(row.id) ?? [],
  };
}
