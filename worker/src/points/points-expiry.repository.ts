import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

const WARNING_KIND_PREFIX = 'points-expiry-warning:';

/** The email_deliveries kind of a member's expiry warning of a month ('YYYY-MM'): at most one per member and month. */
export const expiryWarningKind = (month: string): string => `${WARNING_KIND_PREFIX}${month}`;

/** The month of an expiry warning's kind. */
export const expiryWarningMonth = (kind: string): string => kind.slice(WARNING_KIND_PREFIX.length);

/**
 * What the points expiry jobs read, and the warnings they record: thin, no rules (those are in
 * @nocturne/domain). The expiry itself is written by the ledger library (@nocturne/ledger).
 */
@Injectable()
export class PointsExpiryRepository {
  /**
   * Members who may have points to expire or to warn about: a balance, and something earned
   * before `earnedBefore` (served by the (member_id, created_at) index).
   */
  async candidates(em: EntityManager, earnedBefore: Date, afterId: string | null, limit: number) {
    let query = db(em)
      .selectFrom('members as m')
      .select('m.id')
      .where('m.current_points', '>', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('point_transactions as t')
            .select(sql`1`.as('one'))
            .whereRef('t.member_id', '=', 'm.id')
            .where('t.points', '>', 0)
            .where('t.created_at', '<', earnedBefore.toISOString()),
        ),
      );
    if (afterId) query = query.where('m.id', '>', afterId);
    const rows = await query.orderBy('m.id').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /** Locks the member's row: claims, rewards and a second expiry run wait until this one commits. */
  async lockMember(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'email', 'first_name', 'current_points', 'deleted_at', 'disabled_at'])
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
  }

  async movements(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('point_transactions')
      .select(['id', 'points', 'kind', 'reverses_id', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The member's expiry warnings, whatever their state (only sent ones count as told). */
  async warnings(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('email_deliveries')
      .select(['kind', 'state', 'sent_at'])
      .where('subject_type', '=', 'member')
      .where('subject_id', '=', memberId)
      .where('kind', 'like', `${WARNING_KIND_PREFIX}%`)
      .execute();
  }

  /** Records the warning once per member and month; answers the delivery's state (pending until sent). */
  async recordWarning(em: EntityManager, memberId: string, month: string, recipient: string) {
    const kind = expiryWarningKind(month);
    await db(em)
      .insertInto('email_deliveries')
      .values({ subject_type: 'member', subject_id: memberId, kind, recipient })
      .onConflict((oc) => oc.columns(['subject_id', 'kind']).doNothing())
      .execute();
    const row = await db(em)
      .selectFrom('email_deliveries')
      .select('state')
      .where('subject_id', '=', memberId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return row.state;
  }

  async memberToWarn(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['first_name', 'deleted_at', 'disabled_at'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }
}
