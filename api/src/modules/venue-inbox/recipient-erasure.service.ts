import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/**
 * What account deletion asks of the venue inbox, in the caller's transaction: the member's own
 * booking requests and contact messages go (name, e-mail, phone, message), and every e-mail
 * delivery addressed to them (replies to their bookings and messages, expiry warnings) keeps its
 * kind, state and dates while its recipient becomes the erased row's placeholder address (security
 * review M4). Requests are matched by the member's e-mail, as the forms take no account.
 */
@Injectable()
export class RecipientErasure {
  /** Deletes the booking requests and contact messages sent with this e-mail; answers how many of each. */
  async eraseRequestsOf(tx: EntityManager, email: string): Promise<{ bookings: number; messages: number }> {
    const address = email.toLowerCase();
    const bookings = await db(tx)
      .deleteFrom('bookings')
      .where(sql<string>`lower(email)`, '=', address)
      .executeTakeFirst();
    const messages = await db(tx)
      .deleteFrom('contact_messages')
      .where(sql<string>`lower(email)`, '=', address)
      .executeTakeFirst();
    return { bookings: Number(bookings.numDeletedRows), messages: Number(messages.numDeletedRows) };
  }

  async forgetRecipient(tx: EntityManager, email: string, placeholder: string): Promise<void> {
    await db(tx)
      .updateTable('email_deliveries')
      .set({ recipient: placeholder, updated_at: sql<string>`now()` })
      .where(sql<string>`lower(recipient)`, '=', email.toLowerCase())
      .execute();
  }
}
