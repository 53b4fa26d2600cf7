import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import type { BookingStatus, ContactMessageState, InboxDeliveryKind } from '@nocturne/domain';
import { type Insertable, sql } from 'kysely';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { cursorAtSql, olderThanSql } from '#common/keyset-page.js';

type NewDelivery = Pick<Insertable<Database['email_deliveries']>, 'subject_type' | 'subject_id' | 'recipient'> & {
  kind: InboxDeliveryKind;
};

/** The admin (joined as `a`) by name, "Alex Night"; null when there is none or the account was emptied. */
const adminName = sql<string | null>`nullif(concat_ws(' ', ${sql.ref('a.first_name')}, ${sql.ref('a.last_name')}), '')`;

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

  /** The booking's guest, status, venue and who decided it, its row locked until the transaction ends. */
  lockBooking(em: EntityManager, id: string) {
    return db(em)
      .selectFrom('bookings as b')
      .leftJoin('members as a', 'a.id', 'b.decided_by_id')
      .select(['b.email', 'b.status', 'b.venue_id', adminName.as('decided_by')])
      .where('b.id', '=', id)
      .forUpdate('b')
      .executeTakeFirst();
  }

  async setBookingStatus(
    em: EntityManager,
    id: string,
    decision: { status: BookingStatus; note: string | null; adminId: string },
  ): Promise<void> {
    await db(em)
      .updateTable('bookings')
      .set({
        status: decision.status,
        status_note: decision.note,
        status_changed_at: sql<string>`now()`,
        decided_by_id: decision.adminId,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Forgets an e-mail not sent yet (a decision overturned before its e-mail went out). */
  async dropUnsentDelivery(em: EntityManager, subjectId: string, kind: InboxDeliveryKind): Promise<void> {
    await db(em)
      .deleteFrom('email_deliveries')
      .where('subject_id', '=', subjectId)
      .where('kind', '=', kind)
      .where('state', '<>', 'sent')
      .execute();
  }

  /** Marks a message handled by this admin now, or new again (who and when cleared). */
  async setContactMessageState(em: EntityManager, id: string, state: ContactMessageState, adminId: string): Promise<void> {
    const handled = state === 'handled';
    await db(em)
      .updateTable('contact_messages')
      .set({
        state,
        handled_by_id: handled ? adminId : null,
        handled_at: handled ? sql<string>`now()` : null,
      })
      .where('id', '=', id)
      .execute();
  }

  /** The message's state and venue, its row locked until the transaction ends. */
  lockContactMessage(em: EntityManager, id: string) {
    return db(em)
      .selectFrom('contact_messages')
      .select(['state', 'venue_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Newest first by (created_at, id), after `after` when given, or the one message `id`; spam only when asked for. */
  listContactMessages(
    em: EntityManager,
    page: {
      after?: KeysetPosition;
      id?: string;
      state?: ContactMessageState;
      includeSpam: boolean;
      venueIds?: readonly number[];
      limit: number;
    },
  ) {
    return db(em)
      .selectFrom('contact_messages as c')
      .leftJoin('members as a', 'a.id', 'c.handled_by_id')
      .select([
        'c.id',
        'c.name',
        'c.email',
        'c.phone',
        'c.message',
        'c.is_spam',
        'c.state',
        adminName.as('handled_by'),
        'c.handled_at',
        'c.created_at',
        'c.venue_id',
        cursorAtSql('c.created_at').as('cursor_at'),
      ])
      .$if(page.after !== undefined, (q) => q.where(olderThanSql('c', page.after!)))
      .$if(page.id !== undefined, (q) => q.where('c.id', '=', page.id!))
      .$if(page.state !== undefined, (q) => q.where('c.state', '=', page.state!))
      .$if(!page.includeSpam, (q) => q.where('c.is_spam', '=', false))
      .$if(page.venueIds !== undefined, (q) => q.where('c.venue_id', 'in', [...page.venueIds!]))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .execute();
  }

  /** Newest first by (created_at, id), after `after` when given, or the one booking `id`. */
  listBookings(
    em: EntityManager,
    page: {
      after?: KeysetPosition;
      id?: string;
      status?: BookingStatus;
      night?: string;
      venueIds?: readonly number[];
      limit: number;
    },
  ) {
    return db(em)
      .selectFrom('bookings as b')
      .leftJoin('members as a', 'a.id', 'b.decided_by_id')
      .select([
        'b.id',
        'b.name',
        'b.email',
        'b.phone',
        'b.date',
        'b.time',
        'b.guests',
        'b.service',
        'b.message',
        'b.status',
        'b.status_note',
        'b.status_changed_at',
        adminName.as('decided_by'),
        'b.created_at',
        'b.venue_id',
        cursorAtSql('b.created_at').as('cursor_at'),
      ])
      .$if(page.after !== undefined, (q) => q.where(olderThanSql('b', page.after!)))
      .$if(page.id !== undefined, (q) => q.where('b.id', '=', page.id!))
      .$if(page.status !== undefined, (q) => q.where('b.status', '=', page.status!))
      .$if(page.night !== undefined, (q) => q.where('b.date', '=', page.night!))
      .$if(page.venueIds !== undefined, (q) => q.where('b.venue_id', 'in', [...page.venueIds!]))
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(page.limit)
      .execute();
  }

  /** New messages (spam aside) and booking requests no one has answered yet (`venueIds`: at those venues only). */
  async countWaiting(
    em: EntityManager,
    venueIds?: readonly number[],
  ): Promise<{ newMessages: number; requestedBookings: number }> {
    const row = await db(em)
      .selectNoFrom((eb) => [
        eb
          .selectFrom('contact_messages')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('state', '=', 'new')
          .where('is_spam', '=', false)
          .$if(venueIds !== undefined, (qb) => qb.where('venue_id', 'in', [...venueIds!]))
          .as('new_messages'),
        eb
          .selectFrom('bookings')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', '=', 'requested')
          .$if(venueIds !== undefined, (qb) => qb.where('venue_id', 'in', [...venueIds!]))
          .as('requested_bookings'),
      ])
      .executeTakeFirstOrThrow();
    return { newMessages: row.new_messages ?? 0, requestedBookings: row.requested_bookings ?? 0 };
  }

  /** The e-mails owed about these messages or bookings, oldest first. */
  async deliveriesOf(em: EntityManager, subjectIds: string[]) {
    if (!subjectIds.length) return [];
    return db(em)
      .selectFrom('email_deliveries')
      .select((eb) => [
        'subject_id',
        // Only the inbox's kinds are written about messages and bookings (see NewDelivery).
        eb.ref('kind').$castTo<InboxDeliveryKind>().as('kind'),
        'recipient',
        'state',
        'attempts',
        'last_error',
        'sent_at',
      ])
      .where('subject_id', '=', sql<string>`any(${subjectIds}::uuid[])`)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
  }

  // ---- the guest's cancel link

  /** What the cancel page shows of a booking, its row locked when `forUpdate`. */
  bookingForGuest(em: EntityManager, id: string, forUpdate = false) {
    return db(em)
      .selectFrom('bookings')
      .select(['id', sql<string | null>`date::text`.as('date'), 'time', 'service', 'guests', 'status'])
      .where('id', '=', id)
      .$if(forUpdate, (q) => q.forUpdate())
      .executeTakeFirst();
  }

  async cancelBooking(em: EntityManager, id: string, at: Date): Promise<void> {
    await db(em).updateTable('bookings').set({ status: 'cancelled', cancelled_at: at }).where('id', '=', id).execute();
  }
}

export type ContactMessageRow = Awaited<ReturnType<VenueInboxRepository['listContactMessages']>>[number];
export type BookingRow = Awaited<ReturnType<VenueInboxRepository['listBookings']>>[number];
export type DeliveryRow = Awaited<ReturnType<VenueInboxRepository['deliveriesOf']>>[number];
