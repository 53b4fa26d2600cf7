import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { BookingView, ContactMessageView, EmailDeliveryView, InboxQuery } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '../../../common/timestamps.js';

interface DeliveryRow {
  subject_id: string;
  kind: string;
  recipient: string;
  state: EmailDeliveryView['state'];
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
}

/** The admin inboxes: newest first, each item with where its e-mails stand. */
@Injectable()
export class VenueInboxQueries {
  constructor(private readonly em: EntityManager) {}

  async contactMessages(query: InboxQuery): Promise<ContactMessageView[]> {
    const rows = await this.em.execute<Record<string, never>[]>(
      `select id, name, email, phone, message, is_spam, created_at from contact_messages
         where (?::timestamptz is null or created_at < ?::timestamptz) and (? or not is_spam)
         order by created_at desc, id desc limit ?`,
      [query.before ?? null, query.before ?? null, query.includeSpam, query.limit],
    );
    const deliveries = await this.deliveries(rows.map((r) => r['id']));
    return rows.map((r) => ({
      id: r['id'],
      name: r['name'],
      email: r['email'],
      phone: r['phone'],
      message: r['message'],
      isSpam: r['is_spam'],
      createdAt: isoTimestamp(r['created_at']),
      deliveries: deliveries.get(r['id']) ?? [],
    }));
  }

  async bookings(query: InboxQuery, id?: string): Promise<BookingView[]> {
    const rows = await this.em.execute<Record<string, never>[]>(
      `select id, name, email, phone, to_char(date, 'YYYY-MM-DD') as date, time, guests, service, message, status, status_note,
              status_changed_at, created_at from bookings
         where (?::timestamptz is null or created_at < ?::timestamptz) and (?::uuid is null or id = ?::uuid)
         order by created_at desc, id desc limit ?`,
      [query.before ?? null, query.before ?? null, id ?? null, id ?? null, query.limit],
    );
    const deliveries = await this.deliveries(rows.map((r) => r['id']));
    return rows.map((r) => ({
      id: r['id'],
      name: r['name'],
      email: r['email'],
      phone: r['phone'],
      date: r['date'],
      time: r['time'],
      guests: r['guests'],
      service: r['service'],
      message: r['message'],
      status: r['status'],
      statusNote: r['status_note'],
      statusChangedAt: isoTimestampOrNull(r['status_changed_at']),
      createdAt: isoTimestamp(r['created_at']),
      deliveries: deliveries.get(r['id']) ?? [],
    }));
  }

  async booking(id: string): Promise<BookingView | undefined> {
    return (await this.bookings({ limit: 1, includeSpam: true }, id))[0];
  }

  private async deliveries(subjectIds: string[]): Promise<Map<string, EmailDeliveryView[]>> {
    const bySubject = new Map<string, EmailDeliveryView[]>();
    if (!subjectIds.length) return bySubject;
    const rows = await this.em.execute<DeliveryRow[]>(
      `select subject_id, kind, recipient, state, attempts, last_error, sent_at from email_deliveries
         where subject_id = any(?::uuid[]) order by created_at, kind`,
      [`{${subjectIds.join(',')}}`],
    );
    for (const row of rows) {
      const list = bySubject.get(row.subject_id) ?? [];
      list.push({ kind: row.kind, recipient: row.recipient, state: row.state, attempts: row.attempts, lastError: row.last_error, sentAt: isoTimestampOrNull(row.sent_at) });
      bySubject.set(row.subject_id, list);
    }
    return bySubject;
  }
}
