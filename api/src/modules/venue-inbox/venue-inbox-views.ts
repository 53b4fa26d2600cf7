import type { BookingView, ContactMessageView, EmailDeliveryView } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import type { BookingRow, ContactMessageRow, DeliveryRow } from './venue-inbox.repository.js';

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

export function contactMessageView(row: ContactMessageRow, deliveries: Map<string, EmailDeliveryView[]>): ContactMessageView {
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
    deliveries: deliveries.get(row.id) ?? [],
  };
}

export function bookingView(row: BookingRow, deliveries: Map<string, EmailDeliveryView[]>): BookingView {
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
    deliveries: deliveries.get(row.id) ?? [],
  };
}
