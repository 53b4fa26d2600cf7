import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** `media_uploads`: the uploads this server signed, pending until finalized. Queries only. */
@Injectable()
export class MediaRepository {
  /** Records a pending upload of `contentType` at `key`. */
  async insertPending(em: EntityManager, key: string, contentType: string): Promise<void> {
    await db(em).insertInto('media_uploads').values({ key, content_type: contentType }).execute();
  }

  async findUpload(em: EntityManager, key: string) {
    return db(em).selectFrom('media_uploads').select(['content_type', 'finalized_at']).where('key', '=', key).executeTakeFirst();
  }

  /** The content type of a finalized upload; undefined while it is pending, refused or unknown. */
  async findFinalizedContentType(em: EntityManager, key: string): Promise<string | undefined> {
    const row = await db(em)
      .selectFrom('media_uploads')
      .select('content_type')
      .where('key', '=', key)
      .where('finalized_at', 'is not', null)
      .executeTakeFirst();
    return row?.content_type;
  }

  /**
   * Marks a pending upload finalized with its size. Conditional on `finalized_at is null`: false
   * when a concurrent finalize or the cleanup job got there first.
   */
  async markFinalized(em: EntityManager, key: string, size: number): Promise<boolean> {
    const rows = await db(em)
      .updateTable('media_uploads')
      .set({ finalized_at: sql<string>`now()`, size })
      .where('key', '=', key)
      .where('finalized_at', 'is', null)
      .returning('key')
      .execute();
    return rows.length > 0;
  }

  /** Deletes the record of a refused upload, unless it was finalized meanwhile. */
  async deletePending(em: EntityManager, key: string): Promise<void> {
    await db(em).deleteFrom('media_uploads').where('key', '=', key).where('finalized_at', 'is', null).execute();
  }
}
