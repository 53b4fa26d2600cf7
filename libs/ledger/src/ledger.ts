import type { EntityManager } from '@mikro-orm/postgresql';
import type { PointKind } from '@nocturne/db';
import {
  activePromotion,
  type PromotionSchedule,
  adjustmentDescription,
  clubNightOf,
  type EarnedPoints,
  earnedPoints,
  NO_MULTIPLIER,
  type Tier,
  tierForTotalPoints,
  type TierThresholds,
} from '@nocturne/domain';
import { type DomainEvent, domainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import * as statements from './ledger.statements.js';
import type { LedgerEntry } from './ledger.statements.js';

export interface Balance {
  currentPoints: number;
  totalPoints: number;
  memberTier: Tier;
}

/**
 * How the ledger hands the caller the events it raises (`MemberTierChanged`): the caller writes
 * them to the outbox of the transaction it passed, so a tier change commits with its row.
 */
export type Raise = (event: DomainEvent) => Promise<void>;

export class InsufficientPointsError extends Error {
  constructor() {
    super('Not enough points');
  }
}

/** What an expiry row says and what it is paid by: the club night it ran on. */
export const EXPIRY_DESCRIPTION = 'Points expired';
/** What an adjustment's description becomes when its member's account is deleted. */
export const ERASED_ADJUSTMENT_DESCRIPTION = 'Points adjustment (reason erased with the account)';
export const EXPIRY_SOURCE_TYPE = 'points_expiry';

/** The longest description a row holds (the column's length). */
const DESCRIPTION_LENGTH = 300;

export function tierThresholdsFrom(config: { TIER_SILVER: number; TIER_GOLD: number; TIER_PLATINUM: number }): TierThresholds {
  return { silver: config.TIER_SILVER, gold: config.TIER_GOLD, platinum: config.TIER_PLATINUM };
}

/**
 * The only writer of point_transactions and of the cached balance columns of members
 * (current_points, total_points, member_tier), for the api and the worker alike (ARCHITECTURE.md,
 * the ledger invariants). Every method takes the caller's transaction: the row and the balance
 * change commit together or not at all, and concurrent writers are serialized by the database
 * (conditional updates, row locks), not by the process.
 */
export class Ledger {
  constructor(private readonly thresholds: TierThresholds) {}

  /**
   * What an entry of this kind and base pays the member now (the transaction's clock, in the
   * venue's club night): their tier's multiplier and the running promotion's, if the kind is
   * multiplied (`earnedPoints`: comment rewards and visits), rounded once, half up. Credit the
   * answer's points with it as the entry's `earning`, in the same transaction.
   */
  async quote(
    tx: EntityManager,
    memberId: string,
    kind: PointKind,
    basePoints: number,
    timeZone: string,
    venueId?: number,
  ): Promise<EarnedPoints> {
    const rates = await statements.earningRates(tx, memberId);
    if (!rates) throw new Error(`No member ${memberId}`);
    const night = clubNightOf(new Date(rates.now), timeZone);
    // A promotion of chosen venues multiplies visits at those venues only (`venueId`: where it was earned).
    const promotion = activePromotion(await promotionsOnNight(tx, night, venueId), new Date(rates.now), timeZone);
    return earnedPoints(kind, basePoints, rates.multiplier ?? NO_MULTIPLIER, promotion);
  }

  /**
   * Credits points once per source. Returns the new balance, or null when this source has
   * already paid (nothing changes).
   */
  async credit(tx: EntityManager, entry: LedgerEntry, raise: Raise): Promise<Balance | null> {
    if (entry.points <= 0) throw new RangeError('A credit must be positive');
    if (entry.earning) {
      const { basePoints, tierMultiplier, promotionMultiplier, promotionId } = entry.earning;
      const promotion = promotionId ? { id: promotionId, multiplier: promotionMultiplier } : null;
      if (earnedPoints(entry.kind, basePoints, tierMultiplier, promotion).points !== entry.points)
        throw new RangeError(`${entry.points} points are not what base ${basePoints} earns at these multipliers`);
    }
    const inserted = await this.insertRow(tx, entry);
    if (!inserted) return null;
    return this.applyToBalance(tx, entry.memberId, entry.points, entry.points, raise);
  }

  /** Debits points, refusing (InsufficientPointsError) rather than going below zero. Spending never changes the tier. */
  async debit(tx: EntityManager, entry: LedgerEntry): Promise<Balance> {
    if (entry.points >= 0) throw new RangeError('A debit must be negative');
    const row = await statements.spend(tx, entry.memberId, entry.points);
    if (!row) throw new InsufficientPointsError();
    const inserted = await this.insertRow(tx, entry);
    if (!inserted) throw new Error(`Ledger source ${entry.sourceType}:${entry.sourceId} has already been debited`);
    return { currentPoints: row.current_points, totalPoints: row.total_points, memberTier: row.member_tier };
  }

  /**
   * A staff adjustment, recorded with the admin who made it; each one is its own source. Added
   * points count as earned (total and tier rise: `ledger:verify` sums positive rows as earned)
   * only when the adjuster says so (`countsTowardTier`); otherwise they are a
   * `balance_adjustment`, which raises the balance alone (security review L5);
   * taken points only lower the balance, like spending, and never below zero
   * (InsufficientPointsError). Callers lock the member's row first to say what the balance was.
   */
  async adjust(
    tx: EntityManager,
    adjustment: { memberId: string; points: number; reason: string; adminId: string; countsTowardTier: boolean },
    raise: Raise,
  ): Promise<Balance> {
    const adding = adjustment.points > 0;
    const balanceOnly = adding && !adjustment.countsTowardTier;
    const entry: LedgerEntry = {
      memberId: adjustment.memberId,
      points: adjustment.points,
      kind: balanceOnly ? 'balance_adjustment' : 'adjustment',
      description: adjustmentDescription(
        adjustment.reason,
        adding ? { countsTowardTier: adjustment.countsTowardTier } : undefined,
      ),
      sourceType: 'staff_adjustment',
      sourceId: randomUUID(),
      recordedById: adjustment.adminId,
    };
    if (adjustment.points < 0) return this.debit(tx, entry);
    if (balanceOnly) {
      // Raises the balance and leaves total earned, and so the tier, as it was.
      if (!(await this.insertRow(tx, entry)))
        throw new Error(`Ledger source ${entry.sourceType}:${entry.sourceId} has already paid`);
      return this.applyToBalance(tx, entry.memberId, entry.points, 0, raise);
    }
    return (await this.credit(tx, entry, raise))!;
  }

  /**
   * Account deletion (security review M4): the free-text reasons of the member's adjustments may
   * name them, so each becomes ERASED_ADJUSTMENT_DESCRIPTION; points, kinds and dates stay, so the
   * balance and `ledger:verify` do too. The database lets only this change through, and only
   * inside a transaction that set `nocturne.erasure` (the caller's, reset before it returns).
   */
  async eraseAdjustmentReasons(tx: EntityManager, memberId: string): Promise<void> {
    await statements.eraseAdjustmentReasons(tx, memberId, ERASED_ADJUSTMENT_DESCRIPTION);
  }

  /**
   * Expires unspent points (ARCHITECTURE.md, ledger invariant 7): one 'expiry' row per member and
   * club night, so a second run on the same night changes nothing (null). Like spending, it lowers
   * the balance and never total earned, so the tier stays. The caller holds the member's row lock
   * and plans no more than the balance: going below zero is a bug, thrown so it never commits.
   */
  async expire(tx: EntityManager, expiry: { memberId: string; night: string; points: number }): Promise<Balance | null> {
    const { memberId, night, points } = expiry;
    if (points <= 0) throw new RangeError('An expiry must take points');
    const inserted = await this.insertRow(tx, {
      memberId,
      points: -points,
      kind: 'expiry',
      description: EXPIRY_DESCRIPTION,
      sourceType: EXPIRY_SOURCE_TYPE,
      sourceId: night,
    });
    if (!inserted) return null;
    const row = await statements.spend(tx, memberId, -points);
    if (!row) throw new Error(`Expiring ${points} points would take member ${memberId} below zero`);
    return { currentPoints: row.current_points, totalPoints: row.total_points, memberTier: row.member_tier };
  }

  /**
   * Undoes a row with a new, linked row of the opposite sign (ARCHITECTURE.md, ledger invariant 10).
   * Reversing a credit takes all of it out of total earned points, so the tier follows; the
   * balance never goes below zero, so a credit partly or wholly spent is taken back only as far as
   * the balance allows, and the row says how much was already spent (it is written even when that
   * leaves 0 to take, so the member's history explains the lower total). Answers the new balance
   * and the points taken, or null when the row is unknown, a reversal, or already reversed.
   */
  async reverse(
    tx: EntityManager,
    transactionId: string,
    description: string,
    raise: Raise,
  ): Promise<(Balance & { pointsTaken: number }) | null> {
    const original = await statements.findReversible(tx, transactionId);
    if (!original) return null;
    const locked = (await statements.lockBalance(tx, original.member_id))!;
    // `0 -`, not unary minus: a credit wholly spent takes 0, never -0.
    const amount = 0 - (original.points > 0 ? Math.min(original.points, locked.current_points) : original.points);
    const spent = original.points > 0 ? original.points + amount : 0;
    const inserted = await this.insertRow(tx, {
      memberId: original.member_id,
      points: amount,
      kind: 'reversal',
      description: spent > 0 ? `${description} (${spent} ${spent === 1 ? 'point' : 'points'} already spent)` : description,
      sourceType: 'point_transaction',
      sourceId: transactionId,
      reversesId: transactionId,
    });
    if (!inserted) return null;
    const earnedChange = original.points > 0 ? -original.points : 0;
    const balance = await this.applyToBalance(tx, original.member_id, amount, earnedChange, raise);
    return { ...balance, pointsTaken: 0 - amount };
  }

  /**
   * Reverses what this source paid the member (a row of this kind), if it paid anything and was
   * not reversed yet; answers the points this call took back (0 when there was nothing to take).
   */
  async reverseSource(
    tx: EntityManager,
    source: { memberId: string; kind: PointKind; sourceId: string },
    description: string,
    raise: Raise,
  ): Promise<number> {
    const paid = await statements.findBySource(tx, source.memberId, source.kind, source.sourceId);
    if (!paid) return 0;
    return (await this.reverse(tx, paid.id, description, raise))?.pointsTaken ?? 0;
  }

  /**
   * Locks the member's row (`for update`), so whatever the caller decides from the ledger next
   * (e.g. how many rewards tonight) no concurrent change of this member can overtake; answers the
   * transaction's clock, `now()`, which also stamps the rows written in this transaction.
   */
  async lockMember(tx: EntityManager, memberId: string): Promise<string> {
    return statements.lockMemberAndReadClock(tx, memberId);
  }

  /** How many rows of this kind the member was paid in [start, end) and kept: a reversed row does not count. */
  async countPaid(tx: EntityManager, memberId: string, kind: PointKind, start: Date, end: Date): Promise<number> {
    return statements.countRows(tx, memberId, kind, start, end);
  }

  private insertRow(tx: EntityManager, entry: LedgerEntry): Promise<boolean> {
    return statements.insertRow(tx, { ...entry, description: entry.description.slice(0, DESCRIPTION_LENGTH) });
  }

  private async applyToBalance(
    tx: EntityManager,
    memberId: string,
    pointsChange: number,
    earnedChange: number,
    raise: Raise,
  ): Promise<Balance> {
    const row = await statements.changeBalance(tx, memberId, pointsChange, earnedChange);
    if (!row) throw new Error(`No member ${memberId}`);
    const tier = tierForTotalPoints(row.total_points, this.thresholds);
    if (tier !== row.member_tier) {
      await statements.setTier(tx, memberId, tier);
      await raise(domainEvent('MemberTierChanged', memberId, { memberId, from: row.member_tier, to: tier }));
    }
    return { currentPoints: row.current_points, totalPoints: row.total_points, memberTier: tier };
  }
}

/** A promotions row as the domain's schedule (what activePromotion and promotionRunsOnNight read). */
export function promotionSchedule(row: {
  id: string;
  name: string;
  multiplier: number;
  starts_on: string;
  ends_on: string;
  weekdays: readonly number[] | null;
}): PromotionSchedule {
  return {
    id: row.id,
    name: row.name,
    multiplier: row.multiplier,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    weekdays: row.weekdays,
  };
}

/** The promotions whose dates cover a club night (an index range on ends_on); weekdays are activePromotion's to check. */
export async function promotionsOnNight(em: EntityManager, night: string, venueId?: number): Promise<PromotionSchedule[]> {
  return (await statements.promotionsCovering(em, night, venueId)).map(promotionSchedule);
}
