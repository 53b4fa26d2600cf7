import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** The scheduled clean-ups: expired sessions and reset tokens, uploads never finalized. */
@Injectable()
export class MaintenanceRepository {
  /** Deletes sessions that expired more than `days` ago; answers how many. */
  async deleteExpiredSessions(em: EntityManager, days: number): Promise<number> {
    const result = await db(em)
      .deleteFrom('sessions')
      .where('expires_at', '<', sql<string>`now() - make_interval(days => ${days})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes password reset tokens that expired more than `days` ago; answers how many. */
  async deleteExpiredResetTokens(em: EntityManager, days: number): Promise<number> {
    const result = await db(em)
      .deleteFrom('password_reset_tokens')
      .where('expires_at', '<', sql<string>`now() - make_interval(days => ${days})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Up to `limit` uploads signed more than `hours` ago and never finalized, oldest first, locked; rows another run holds are skipped. */
  async lockStaleUploads(em: EntityManager, hours: number, limit: number): Promise<string[]> {
    const rows = await db(em)
      .selectFrom('media_uploads')
      .select('key')
      .where('finalized_at', 'is', null)
      .where('created_at', '<', sql<string>`now() - make_interval(hours => ${hours})`)
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    return rows.map((row) => row.key);
  }

  async deleteUploads(em: EntityManager, keys: string[]): Promise<void> {
    if (!keys.length) return;
    await db(em)
      .deleteFrom('media_uploads')
      .where('key', '=', sql<string>`any(${keys}::text[])`)
      .execute();
  }
}
