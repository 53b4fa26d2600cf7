import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import { type Insertable, type Selectable, sql } from 'kysely';

type NewDelivery = Pick<Insertable<Database['email_deliveries']>, 'subject_type' | 'subject_id' | 'kind' | 'recipient'>;

/** Contact messages, bookings and the e-mails owed about them. Every method runs in the caller's `em` (its transaction). */
@Injectable()
export class VenueInboxRepository {
  async insertContactMessage(em: EntityManager, message: Insertable<Database['contact_messages']>): Promise<string> {
    const row = await db(em).insertInto('contact_messages').values(message).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async insertBooking(em: EntityManager, booking: Insertable<Database['bookings']>): Promise<string> {
    const row = await db(em).insertInto('bookings').values(booking).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async insertDelivery(em: EntityManager, delivery: NewDelivery): Promise<void> {
    await db(em).insertInto('email_deliveries').values(delivery).execute();
  }

  /** Owes the e-mail again: a delivery of this kind already there goes back to pending, as if new. */
  async oweDeliveryAgain(em: EntityManager, delivery: NewDelivery): Promise<void> {
    await db(em)
      .insertInto('email_deliveries')
      .values(delivery)
      .onConflict((conflict) =>
        conflict.columns(['subject_id', 'kind']).doUpdateSet((eb) => ({
          state: 'pending',
          attempts: 0,
          last_error: null,
          sent_at: null,
          recipient: eb.ref('excluded.recipient'),
          updated_at: sql<string>`now()`,
        })),
      )
      .execute();
  }

  /** Guest acknowledgements sent to this address (in any case) in the last 24 hours. */
  async acknowledgementsInLastDay(em: EntityManager, email: string): Promise<number> {
    const row = await db(em)
      .selectFrom('email_deliveries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', 'guest-acknowledgement')
      .where(sql<string>`lower(recipient)`, '=', sql<string>`lower(${email})`)
      .where('created_at', '>', sql<string>`now() - interval '1 day'`)
      .executeTakeFirst();
    return row?.n ?? 0;
  }

  /** The booking's guest and status, its row locked until the transaction ends. */
  lockBooking(em: EntityManager, id: string) {
    return db(em).selectFrom('bookings').select(['email', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async setBookingStatus(
    em: EntityManager,
    id: string,
    status: Selectable<Database['bookings']>['status'],
    note: string | null,
  ): Promise<void> {
    await db(em)
      .updateTable('bookings')
      .set({ status, status_note: note, status_changed_at: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Newest first; spam only when asked for. */
  listContactMessages(em: EntityManager, page: { before?: string; includeSpam: boolean; limit: number }) {
    return db(em)
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'phone', 'message', 'is_spam', 'created_at'])
      .$if(page.before !== undefined, (q) => q.where('created_at', '<', page.before!))
      .$if(!page.includeSpam, (q) => q.where('is_spam', '=', false))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .execute();
  }

  /** Newest first, or the one booking `id`. */
  listBookings(em: EntityManager, page: { before?: string; id?: string; limit: number }) {
    return db(em)
      .selectFrom('bookings')
      .select([
        'id',
        'name',
        'email',
        'phone',
        'date',
        'time',
        'guests',
        'service',
        'message',
        'status',
        'status_note',
        'status_changed_at',
        'created_at',
      ])
      .$if(page.before !== undefined, (q) => q.where('created_at', '<', page.before!))
      .$if(page.id !== undefined, (q) => q.where('id', '=', page.id!))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .execute();
  }

  /** The e-mails owed about these messages or bookings, oldest first. */
  async deliveriesOf(em: EntityManager, subjectIds: string[]) {
    if (!subjectIds.length) return [];
    return db(em)
      .selectFrom('email_deliveries')
      .select(['subject_id', 'kind', 'recipient', 'state', 'attempts', 'last_error', 'sent_at'])
      .where('subject_id', '=', sql<string>`any(${subjectIds}::uuid[])`)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
  }
}

export type ContactMessageRow = Awaited<ReturnType<VenueInboxRepository['listContactMessages']>>[number];
export type BookingRow = Awaited<ReturnType<VenueInboxRepository['listBookings']>>[number];
export type DeliveryRow = Awaited<ReturnType<VenueInboxRepository['deliveriesOf']>>[number];
