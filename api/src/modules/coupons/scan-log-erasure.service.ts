import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** What a deleted member's name becomes in the door's scan lines ("Welcome, a deleted member: …"). */
const ERASED_NAME = 'a deleted member';

/** Whole-word matching of a literal name in a PostgreSQL regular expression. */
const wordPattern = (name: string) => `\\m${name.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&')}\\M`;

/**
 * What account deletion asks of the scan log (security review M4): the lines about the member
 * (their cards and coupons, or scans they made as staff) keep what happened and lose the member's
 * names, each replaced as a whole word. Runs in the caller's transaction.
 */
@Injectable()
export class ScanLogErasure {
  async forgetNames(tx: EntityManager, memberId: string, names: (string | null)[]): Promise<void> {
    const words = [...new Set(names.map((name) => name?.trim()).filter((name): name is string => Boolean(name)))].sort(
      (a, b) => b.length - a.length,
    );
    for (const word of words) {
      await db(tx)
        .updateTable('qr_scans')
        .set({ reason: sql<string>`regexp_replace(reason, ${wordPattern(word)}, ${ERASED_NAME}, 'gi')` })
        .where((eb) =>
          eb.or([
            eb('member_id', '=', memberId),
            eb('admin_id', '=', memberId),
            eb('user_coupon_id', 'in', eb.selectFrom('user_coupons').select('id').where('member_id', '=', memberId)),
          ]),
        )
        .where(sql<boolean>`reason ~* ${wordPattern(word)}`)
        .execute();
    }
  }
}
