import type { EntityManager } from '@mikro-orm/postgresql';
import { type Database, db, type PointKind, PreparedQuery } from '@nocturne/db';
import type { Tier } from '@nocturne/domain';
import { type Kysely, sql } from 'kysely';

/** One row of point_transactions as the ledger writes it. */
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
  /**
   * What a comment reward or visit was paid by (`Ledger.quote`): its base, the multipliers and the
   * promotion. Absent: the row pays its points at 1.00× (base = points).
   */
  earning?: Earning;
}

/** How an earning row's points came about (`earnedPoints` of @nocturne/domain). */
export interface Earning {
  basePoints: number;
  tierMultiplier: number;
  promotionMultiplier: number;
  promotionId: string | null;
}

const now = () => sql<string>`now()`;

/*
 * Every statement that writes the ledger, each run in the caller's transaction (`em`). The ones
 * every claim, comment and welcome bonus runs are compiled once (PreparedQuery): a claim runs
 * them while it holds the coupon's and the member's row locks. No rules here: those are Ledger's.
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
    basePoints: number,
    tierMultiplier: number,
    promotionMultiplier: number,
    promotionId: string | null,
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
        base_points: basePoints,
        tier_multiplier: tierMultiplier,
        promotion_multiplier: promotionMultiplier,
        promotion_id: promotionId,
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

const memberLockedWithClock = new PreparedQuery((kysely, memberId: string) =>
  kysely.selectFrom('members').select(now().as('now')).where('id', '=', memberId).forUpdate(),
);

const keptRowsBetween = new PreparedQuery((kysely, memberId: string, kind: PointKind, start: string, end: string) =>
  kysely
    .selectFrom('point_transactions as paid')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('paid.member_id', '=', memberId)
    .where('paid.kind', '=', kind)
    .where('paid.created_at', '>=', start)
    .where('paid.created_at', '<', end)
    // A reversed row gave nothing in the end (e.g. a comment removed by moderation), so it uses up no slot.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('point_transactions as reversal').select('reversal.id').whereRef('reversal.reverses_id', '=', 'paid.id'),
        ),
      ),
    ),
);

const tierRates = new PreparedQuery((kysely, memberId: string) =>
  kysely
    .selectFrom('members as m')
    .leftJoin('tier_benefits as b', 'b.tier', 'm.member_tier')
    .select(['m.member_tier', 'b.multiplier', now().as('now')])
    .where('m.id', '=', memberId),
);

/** Promotions whose dates cover the night: the group's (no promotion_venues rows), and with a venue, that venue's too. */
function promotionsOn(kysely: Kysely<Database>, night: string, venueId?: number) {
  return kysely
    .selectFrom('promotions as p')
    .select(['p.id', 'p.name', 'p.multiplier', 'p.starts_on', 'p.ends_on', 'p.weekdays'])
    .where('p.starts_on', '<=', night)
    .where('p.ends_on', '>=', night)
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('promotion_venues as pv').select('pv.venue_id').whereRef('pv.promotion_id', '=', 'p.id'))),
        ...(venueId === undefined
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('promotion_venues as pv')
                  .select('pv.venue_id')
                  .whereRef('pv.promotion_id', '=', 'p.id')
                  .where('pv.venue_id', '=', venueId),
              ),
            ]),
      ]),
    );
}
const groupPromotions = new PreparedQuery((kysely, night: string) => promotionsOn(kysely, night));
const venuePromotions = new PreparedQuery((kysely, night: string, venueId: number) => promotionsOn(kysely, night, venueId));

/**
 * Appends a row unless its source has already paid this member for this kind (the unique key on
 * member, kind and source); answers whether it did.
 */
export async function insertRow(em: EntityManager, row: LedgerEntry): Promise<boolean> {
  const { memberId, points, kind, description, sourceType, sourceId, reversesId, recordedById, earning } = row;
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
    earning?.basePoints ?? points,
    earning?.tierMultiplier ?? 100,
    earning?.promotionMultiplier ?? 100,
    earning?.promotionId ?? null,
  );
  return appended !== undefined;
}

/**
 * Spends points (a negative change) unless the balance would go below zero: undefined then. The
 * conditional update takes the member's row lock, so parallel debits queue behind it.
 */
export function spend(em: EntityManager, memberId: string, points: number) {
  return spendPoints.first(em, memberId, points);
}

/** Moves the balance and total earned (never below zero); undefined when there is no such member. */
export function changeBalance(em: EntityManager, memberId: string, pointsChange: number, earnedChange: number) {
  return moveBalance.first(em, memberId, pointsChange, earnedChange);
}

export async function setTier(em: EntityManager, memberId: string, tier: Tier): Promise<void> {
  await db(em).updateTable('members').set({ member_tier: tier }).where('id', '=', memberId).execute();
}

/** A row that is not itself a reversal. */
export function findReversible(em: EntityManager, transactionId: string) {
  return db(em)
    .selectFrom('point_transactions')
    .select(['member_id', 'points', 'kind'])
    .where('id', '=', transactionId)
    .where('kind', '<>', 'reversal')
    .executeTakeFirst();
}

/** The member's balance, with the row lock that queues every other change to it. */
export function lockBalance(em: EntityManager, memberId: string) {
  return db(em).selectFrom('members').select('current_points').where('id', '=', memberId).forUpdate().executeTakeFirst();
}

/**
 * Locks the member's row (`for update`) and answers the transaction's clock, `now()`: the instant
 * that also stamps the ledger rows written in this transaction.
 */
export async function lockMemberAndReadClock(em: EntityManager, memberId: string): Promise<string> {
  return (await memberLockedWithClock.only(em, memberId)).now;
}

/** How many rows of this kind the member was paid in [start, end). */
export async function countRows(em: EntityManager, memberId: string, kind: PointKind, start: Date, end: Date): Promise<number> {
  return (await keptRowsBetween.only(em, memberId, kind, start.toISOString(), end.toISOString())).count;
}

/** The member's row of this kind paid by this source, if there is one. */
export function findBySource(em: EntityManager, memberId: string, kind: PointKind, sourceId: string) {
  return db(em)
    .selectFrom('point_transactions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

/** The one UPDATE the database lets through (migration ErasableAdjustmentReasons): adjustments' descriptions, in an erasure. */
export async function eraseAdjustmentReasons(tx: EntityManager, memberId: string, description: string): Promise<void> {
  const k = db(tx);
  await sql`select set_config('nocturne.erasure', 'on', true)`.execute(k);
  await k
    .updateTable('point_transactions')
    .set({ description })
    .where('member_id', '=', memberId)
    .where('kind', 'in', ['adjustment', 'balance_adjustment'])
    .where('description', '!=', description)
    .execute();
  await sql`select set_config('nocturne.erasure', 'off', true)`.execute(k);
}

/** The member's tier multiplier (tier_benefits) and the transaction's clock, `now()`. */
export async function earningRates(em: EntityManager, memberId: string) {
  return tierRates.first(em, memberId);
}

/**
 * Promotions whose dates cover the club night (weekdays are the caller's to check) and that apply
 * where the entry is earned: the group's promotions (no promotion_venues rows) always, a promotion
 * of chosen venues only for a visit at one of them (`venueId`; undefined: earned at no venue).
 */
export function promotionsCovering(em: EntityManager, night: string, venueId?: number) {
  return venueId === undefined ? groupPromotions.rows(em, night) : venuePromotions.rows(em, night, venueId);
}
