import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/**
 * The enabled admins, locked: every change that could leave the venue without an admin (disabling
 * an account, changing a staff role, deleting one's own account) takes these locks first, in id
 * order, so such changes run one after another and never deadlock. After the locks each re-reads
 * what it depends on: of two admins disabling each other at once, the second finds that it is no
 * admin any more, or that the other is the last one.
 */
@Injectable()
export class EnabledAdmins {
  /** Locks the enabled admins' rows (in the caller's transaction) and answers their ids, in id order. */
  async lock(em: EntityManager): Promise<string[]> {
    const rows = await db(em)
      .selectFrom('members')
      .select('id')
      // A literal, so members_staff_idx (role <> 'member') answers it whatever plan is cached.
      .where('role', '=', sql.lit('admin'))
      .where('disabled_at', 'is', null)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((row) => row.id);
  }
}
