import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import { type Selectable, sql } from 'kysely';

/** What the e-mail jobs read and record: deliveries, the messages and bookings they are about, reset tokens. */
@Injectable()
export class MailRepository {
  findDelivery(em: EntityManager, subjectId: string, kind: string) {
    return db(em)
      .selectFrom('email_deliveries')
      .select(['id', 'state', 'recipient'])
      .where('subject_id', '=', subjectId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  async countAttempt(em: EntityManager, deliveryId: string): Promise<void> {
    await db(em)
      .updateTable('email_deliveries')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: sql<string>`now()` }))
      .where('id', '=', deliveryId)
      .execute();
  }

  /** Records a failed send, unless a concurrent run has sent it meanwhile. */
  async recordFailure(
    em: EntityManager,
    deliveryId: string,
    state: Selectable<Database['email_deliveries']>['state'],
    error: string,
  ): Promise<void> {
    await db(em)
      .updateTable('email_deliveries')
      .set({ state, last_error: error, updated_at: sql<string>`now()` })
      .where('id', '=', deliveryId)
      .where('state', '<>', 'sent')
      .execute();
  }

  /** `sentAt` comes from the worker's clock: points expiry counts its notice from it. */
  async markSent(em: EntityManager, deliveryId: string, sentAt: Date): Promise<void> {
    await db(em)
      .updateTable('email_deliveries')
      .set({ state: 'sent', sent_at: sentAt, updated_at: sql<string>`now()` })
      .where('id', '=', deliveryId)
      .execute();
  }

  findContactMessage(em: EntityManager, id: string) {
    return db(em)
      .selectFrom('contact_messages')
      .select(['name', 'email', 'phone', 'message', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findBooking(em: EntityManager, id: string) {
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
        'venue_id',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Tonight's confirmed bookings at these venues whose guest has no reminder yet (written or sent). */
  bookingsToRemind(em: EntityManager, night: string, venueIds: number[]) {
    return db(em)
      .selectFrom('bookings as b')
      .select(['b.id', 'b.email', 'b.time'])
      .where('b.date', '=', night)
      .where('b.venue_id', 'in', venueIds)
      .where('b.status', '=', 'confirmed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('email_deliveries as d')
              .select('d.id')
              .whereRef('d.subject_id', '=', 'b.id')
              .where('d.kind', '=', 'guest-reminder'),
          ),
        ),
      )
      .execute();
  }

  /** Owes the guest their reminder: once per booking (a second run finds the row and writes nothing). */
  async oweReminder(em: EntityManager, bookingId: string, recipient: string): Promise<boolean> {
    const row = await db(em)
      .insertInto('email_deliveries')
      .values({ subject_type: 'booking', subject_id: bookingId, kind: 'guest-reminder', recipient })
      .onConflict((conflict) => conflict.columns(['subject_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  findMember(em: EntityManager, id: string) {
    return db(em).selectFrom('members').select(['email', 'first_name']).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Saves the reset token of a request, or replaces the one a retry of the same request made
   * while it is unused. False when that token was used already (nothing is saved).
   */
  async saveResetToken(
    em: EntityManager,
    token: { memberId: string; requestId: string; tokenHash: string; expiresAt: Date },
  ): Promise<boolean> {
    const row = await db(em)
      .insertInto('password_reset_tokens')
      .values({
        member_id: token.memberId,
        request_id: token.requestId,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
      })
      .onConflict((conflict) =>
        conflict
          .column('request_id')
          .doUpdateSet((eb) => ({ token_hash: eb.ref('excluded.token_hash'), expires_at: eb.ref('excluded.expires_at') }))
          .where('password_reset_tokens.used_at', 'is', null),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}

export type BookingForMail = NonNullable<Awaited<ReturnType<MailRepository['findBooking']>>>;
