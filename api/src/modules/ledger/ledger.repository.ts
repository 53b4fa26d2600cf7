import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db, type PointKind, PreparedQuery } from '@nocturne/db';
import type { Tier } from '@nocturne/domain';
import { sql } from 'kysely';

export interface LedgerEntry {
  memberId: string;
  points: number;
  kind: PointKind;
  description: string;
  /** What paid (or was paid for): with kind and member, unique — each source pays at most once. */
  sourceType: string;
  sourceId: string;
  reversesId?: string;
  /** The admin who wrote the row by hand (a staff adjustment). */
  recordedById?: string;
}

export type BalanceRow = NonNullable<Awaited<ReturnType<LedgerRepository['changeBalance']>>>;
export type LedgerAuditRow = Awaited<ReturnType<LedgerRepository['auditRows']>>[number];

const now = () => sql<string>`now()`;

/*
 * The statements every claim, comment and welcome bonus runs, compiled once (PreparedQuery): a
 * claim runs them while it holds the coupon's and the member's row locks.
 */

const appendRow = new PreparedQuery(
  (
    kysely,
    memberId: string,
    points: number,
    kind: PointKind,
    description: string,
    sourceType: string,
    sourceId: string,
    reversesId: string | null,
    recordedById: string | null,
  ) =>
    kysely
      .insertInto('point_transactions')
      .values({
        member_id: memberId,
        points,
        kind,
        description,
        source_type: sourceType,
        source_id: sourceId,
        reverses_id: reversesId,
        recorded_by_id: recordedById,
      })
      .onConflict((conflict) => conflict.columns(['member_id', 'kind', 'source_id']).doNothing())
      .returning('id'),
);

/** A debit's conditional update: never below zero. */
const spendPoints = new PreparedQuery((kysely, memberId: string, points: number) =>
  kysely
    .updateTable('members')
    .set((eb) => ({ current_points: eb('current_points', '+', points), updated_at: now() }))
    .where('id', '=', memberId)
    .where((eb) => eb(eb('current_points', '+', points), '>=', 0))
    .returning(['current_points', 'total_points', 'member_tier']),
);

const moveBalance = new PreparedQuery((kysely, memberId: string, pointsChange: number, earnedChange: number) =>
  kysely
    .updateTable('members')
    .set((eb) => ({
      current_points: eb('current_points', '+', pointsChange),
      total_points: eb.fn<number>('greatest', [eb('total_points', '+', earnedChange), eb.lit(0)]),
      updated_at: now(),
    }))
    .where('id', '=', memberId)
    .returning(['current_points', 'total_points', 'member_tier']),
);

/**
 * Every query of the ledger: point_transactions and the cached balance columns of members. Each
 * method takes the EntityManager (the caller's transaction) first; the rules are LedgerService's.
 */
@Injectable()
export class LedgerRepository {
  /**
   * Appends a row unless its source has already paid this member for this kind (the unique key
   * on member, kind and source); answers whether it did.
   */
  async insertRow(em: EntityManager, row: LedgerEntry): Promise<boolean> {
    const { memberId, points, kind, description, sourceType, sourceId, reversesId, recordedById } = row;
    const appended = await appendRow.first(
      em,
      memberId,
      points,
      kind,
      description,
      sourceType,
      sourceId,
      reversesId ?? null,
      recordedById ?? null,
    );
    return appended !== undefined;
  }

  /**
   * Spends points unless the balance would go below zero: undefined then. The conditional update
   * takes the member's row lock, so parallel debits queue behind it.
   */
  async spend(em: EntityManager, memberId: string, points: number) {
    return spendPoints.first(em, memberId, points);
  }

  /** Moves the balance and total earned (never below zero); undefined when there is no such member. */
  async changeBalance(em: EntityManager, memberId: string, pointsChange: number, earnedChange: number) {
    return moveBalance.first(em, memberId, pointsChange, earnedChange);
  }

  async setTier(em: EntityManager, memberId: string, tier: Tier): Promise<void> {
    await db(em).updateTable('members').set({ member_tier: tier }).where('id', '=', memberId).execute();
  }

  /** A row that is not itself a reversal. */
  async findReversible(em: EntityManager, transactionId: string) {
    return db(em)
      .selectFrom('point_transactions')
      .select(['member_id', 'points', 'kind'])
      .where('id', '=', transactionId)
      .where('kind', '<>', 'reversal')
      .executeTakeFirst();
  }

  /** The member's balance, with the row lock that queues every other change to it. */
  async lockBalance(em: EntityManager, memberId: string) {
    return db(em).selectFrom('members').select('current_points').where('id', '=', memberId).forUpdate().executeTakeFirst();
  }

  /**
   * Locks the member's row (`for update`) and answers the transaction's clock, `now()`: the
   * instant that also stamps the ledger rows written in this transaction.
   */
  async lockMemberAndReadClock(em: EntityManager, memberId: string): Promise<string> {
    const row = await db(em)
      .selectFrom('members')
      .select(now().as('now'))
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return row.now;
  }

  /** How many rows of this kind the member was paid in [start, end). */
  async countRows(em: EntityManager, memberId: string, kind: PointKind, start: Date, end: Date): Promise<number> {
    const row = await db(em)
      .selectFrom('point_transactions')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('created_at', '>=', start.toISOString())
      .where('created_at', '<', end.toISOString())
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** The member's row of this kind paid by this source, if there is one. */
  async findBySource(em: EntityManager, memberId: string, kind: PointKind, sourceId: string) {
    return db(em)
      .selectFrom('point_transactions')
      .select('id')
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
  }

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
}
