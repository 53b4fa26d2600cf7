import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/**
 * What account deletion asks of the e-mail log (security review M4): every delivery addressed to
 * the member's e-mail (replies to their bookings and messages, expiry warnings) keeps its kind,
 * state and dates, and its recipient becomes the erased row's placeholder address. Runs in the
 * caller's transaction.
 */
@Injectable()
export class RecipientErasure {
  async forgetRecipient(tx: EntityManager, email: string, placeholder: string): Promise<void> {
    await db(tx)
      .updateTable('email_deliveries')
      .set({ recipient: placeholder, updated_at: sql<string>`now()` })
      .where(sql<string>`lower(recipient)`, '=', email.toLowerCase())
      .execute();
  }
}
