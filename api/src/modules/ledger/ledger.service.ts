import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Tier, tierForTotalPoints, type TierThresholds } from '@nocturne/domain';
import type { PointKind } from '@nocturne/db';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { type LedgerEntry, LedgerRepository } from './ledger.repository.js';

export type { LedgerEntry } from './ledger.repository.js';

export interface Balance {
  currentPoints: number;
  totalPoints: number;
  memberTier: Tier;
}

export class InsufficientPointsError extends Error {
  constructor() {
    super('Not enough points');
  }
}

/**
 * The only writer of point_transactions and of the cached balance columns. Every method takes the
 * caller's transaction: the row and the balance change commit together or not at all, and
 * concurrent writers are serialized by the database (conditional updates), not by hope.
 */
@Injectable()
export class LedgerService {
  private readonly thresholds: TierThresholds;

  constructor(
    @InjectConfig() config: ApiConfig,
    private readonly ledger: LedgerRepository,
  ) {
    this.thresholds = { silver: config.TIER_SILVER, gold: config.TIER_GOLD, platinum: config.TIER_PLATINUM };
  }

  /**
   * Credits points once per source. Returns the new balance, or null when this source has
   * already paid (nothing changes).
   */
  async credit(tx: EntityManager, entry: LedgerEntry, raise: Raise): Promise<Balance | null> {
    if (entry.points <= 0) throw new RangeError('A credit must be positive');
    const inserted = await this.insertRow(tx, entry);
    if (!inserted) return null;
    return this.applyToBalance(tx, entry.memberId, entry.points, entry.points, raise);
  }

  /** Debits points, refusing (InsufficientPointsError) rather than going below zero. Spending never changes the tier. */
  async debit(tx: EntityManager, entry: LedgerEntry): Promise<Balance> {
    if (entry.points >= 0) throw new RangeError('A debit must be negative');
    const row = await this.ledger.spend(tx, entry.memberId, entry.points);
    if (!row) throw new InsufficientPointsError();
    const inserted = await this.insertRow(tx, entry);
    if (!inserted) throw new Error(`Ledger source ${entry.sourceType}:${entry.sourceId} has already been debited`);
    return { currentPoints: row.current_points, totalPoints: row.total_points, memberTier: row.member_tier };
  }

  /**
   * Undoes a row with a new, linked row of the opposite sign (ARCHITECTURE.md, ledger invariant 9).
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
    const original = await this.ledger.findReversible(tx, transactionId);
    if (!original) return null;
    const locked = (await this.ledger.lockBalance(tx, original.member_id))!;
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
    const paid = await this.ledger.findBySource(tx, source.memberId, source.kind, source.sourceId);
    if (!paid) return 0;
    return (await this.reverse(tx, paid.id, description, raise))?.pointsTaken ?? 0;
  }

  /**
   * Locks the member's row (`for update`), so whatever the caller decides from the ledger next
   * (e.g. how many rewards tonight) no concurrent change of this member can overtake; answers the
   * transaction's clock, `now()`, which also stamps the rows written in this transaction.
   */
  async lockMember(tx: EntityManager, memberId: string): Promise<string> {
    return this.ledger.lockMemberAndReadClock(tx, memberId);
  }

  /** How many rows of this kind the member was paid in [start, end). */
  async countPaid(tx: EntityManager, memberId: string, kind: PointKind, start: Date, end: Date): Promise<number> {
    return this.ledger.countRows(tx, memberId, kind, start, end);
  }

  private async insertRow(tx: EntityManager, entry: LedgerEntry): Promise<boolean> {
    return this.ledger.insertRow(tx, { ...entry, description: entry.description.slice(0, 300) });
  }

  private async applyToBalance(
    tx: EntityManager,
    memberId: string,
    pointsChange: number,
    earnedChange: number,
    raise: Raise,
  ): Promise<Balance> {
    const row = await this.ledger.changeBalance(tx, memberId, pointsChange, earnedChange);
    if (!row) throw new Error(`No member ${memberId}`);
    const tier = tierForTotalPoints(row.total_points, this.thresholds);
    if (tier !== row.member_tier) {
      await this.ledger.setTier(tx, memberId, tier);
      await raise(domainEvent('MemberTierChanged', memberId, { memberId, from: row.member_tier, to: tier }));
    }
    return { currentPoints: row.current_points, totalPoints: row.total_points, memberTier: tier };
  }
}
