import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { MULTIPLIED_KINDS } from '@nocturne/domain';
import { sql } from 'kysely';

/**
 * What the api reads of the ledger: a member's history and the audit. Every write (and the reads
 * its rules need) is in @nocturne/ledger; the in-transaction handlers name a row from their event. Each method takes the EntityManager (the caller's transaction) first.
 */
@Injectable()
export class LedgerRepository {
  /** The member's own rows, newest first (served by the (member_id, created_at) index). */
  async history(em: EntityManager, memberId: string, limit: number) {
    return db(em)
      .selectFrom('point_transactions')
      .select(['id', 'description', 'points', 'created_at', 'base_points', 'tier_multiplier', 'promotion_multiplier'])
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
                .filterWhere((filter) =>
                  filter.and([
                    filter('t.points', '>', 0),
                    filter('r.id', 'is', null),
                    filter('t.kind', '!=', 'balance_adjustment'),
                  ]),
                ),
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

  /**
   * Rows whose points are not what their base earns (ARCHITECTURE.md, ledger invariant 13): a
   * comment reward or visit must pay round-half-up(base × tier × promotion / 10000), every other
   * kind its base at 1.00× with no promotion. Answers each row that does not, with what it should pay.
   */
  async mispaidRows(em: EntityManager) {
    const expected = sql<number>`case when kind in (${sql.join([...MULTIPLIED_KINDS])})
      then ((base_points::bigint * tier_multiplier * promotion_multiplier + 5000) / 10000)::int
      else base_points end`;
    return db(em)
      .selectFrom('point_transactions')
      .select(['id', 'member_id', 'kind', 'points', 'base_points', 'tier_multiplier', 'promotion_multiplier', 'promotion_id'])
      .select(expected.as('expected_points'))
      .where((eb) =>
        eb.or([
          eb('points', '!=', expected),
          eb.and([
            eb('kind', 'not in', [...MULTIPLIED_KINDS]),
            eb.or([eb('tier_multiplier', '!=', 100), eb('promotion_multiplier', '!=', 100), eb('promotion_id', 'is not', null)]),
          ]),
        ]),
      )
      .orderBy('created_at')
      .execute();
  }
}
