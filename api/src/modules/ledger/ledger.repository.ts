import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db, PreparedQuery } from '@nocturne/db';

export type LedgerAuditRow = Awaited<ReturnType<LedgerRepository['auditRows']>>[number];

/** Every claim reads it while it holds the coupon's and the member's row locks: compiled once. */
const couponPrice = new PreparedQuery((kysely, couponId: string) =>
  kysely.selectFrom('coupons').select(['title', 'points_cost']).where('id', '=', couponId),
);

/**
 * What the api reads of the ledger: a member's history, the audit, and what the in-transaction
 * handlers name in the rows they write. Every write (and the reads its rules need) is in
 * @nocturne/ledger. Each method takes the EntityManager (the caller's transaction) first.
 */
@Injectable()
export class LedgerRepository {
  /** The member's own rows, newest first (served by the (member_id, created_at) index). */
  async history(em: EntityManager, memberId: string, limit: number) {
    return db(em)
      .selectFrom('point_transactions')
      .select(['id', 'description', 'points', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Every member with what the ledger says: the sum of all their rows, and the sum of their
   * positive rows that no reversal undoes.
   */
  async auditRows(em: EntityManager) {
    return db(em)
      .selectFrom('members as m')
      .leftJoin('point_transactions as t', 't.member_id', 'm.id')
      .leftJoin('point_transactions as r', 'r.reverses_id', 't.id')
      .select((eb) => [
        'm.id',
        'm.email',
        'm.current_points',
        'm.total_points',
        'm.member_tier',
        eb.cast<number>(eb.fn.coalesce(eb.fn.sum<number>('t.points'), eb.lit(0)), 'integer').as('expected_current'),
        eb
          .cast<number>(
            eb.fn.coalesce(
              eb.fn
                .sum<number>('t.points')
                .filterWhere((filter) => filter.and([filter('t.points', '>', 0), filter('r.id', 'is', null)])),
              eb.lit(0),
            ),
            'integer',
          )
          .as('expected_total'),
      ])
      .groupBy('m.id')
      .orderBy('m.email')
      .execute();
  }

  // ---- what the in-transaction handlers name in the rows they write

  async couponPrice(em: EntityManager, couponId: string) {
    return couponPrice.first(em, couponId);
  }

  async postTitle(em: EntityManager, postId: string): Promise<string | undefined> {
    return (await db(em).selectFrom('news_posts').select('title').where('id', '=', postId).executeTakeFirst())?.title;
  }
}
