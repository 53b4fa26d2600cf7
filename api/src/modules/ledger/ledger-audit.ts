import type { EntityManager } from '@mikro-orm/postgresql';
import { type Tier, tierForTotalPoints, type TierThresholds } from '@nocturne/domain';
import { LedgerRepository } from './ledger.repository.js';

export { tierThresholdsFrom } from '@nocturne/ledger';

export interface LedgerDifference {
  memberId: string;
  email: string;
  currentPoints: number;
  expectedCurrentPoints: number;
  totalPoints: number;
  expectedTotalPoints: number;
  memberTier: Tier;
  expectedTier: Tier;
}

/** A row whose points are not what its base earns at its multipliers (or a row of a kind never multiplied that records one). */
export interface MispaidEntry {
  transactionId: string;
  memberId: string;
  kind: string;
  points: number;
  expectedPoints: number;
  basePoints: number;
  tierMultiplier: number;
  promotionMultiplier: number;
  promotionId: string | null;
}

export interface LedgerAudit {
  membersChecked: number;
  differences: LedgerDifference[];
  /** Rows that break the earning rule (invariant 13); empty when every row pays what its base earns. */
  mispaid: MispaidEntry[];
}

/**
 * Recomputes every member from point_transactions (ARCHITECTURE.md invariant 2), and checks that
 * every row pays what its base earns at its recorded multipliers (invariant 13): the balance is
 * the sum of all rows; total earned is the sum of positive rows that no reversal undoes (balance
 * adjustments aside, which staff chose not to count toward the tier); the tier
 * follows total earned. Returns each member whose cached columns disagree.
 */
export async function auditLedger(
  em: EntityManager,
  thresholds: TierThresholds,
  ledger = new LedgerRepository(),
): Promise<LedgerAudit> {
  const rows = await ledger.auditRows(em);
  const differences = rows.flatMap((row): LedgerDifference[] => {
    const expectedTier = tierForTotalPoints(row.expected_total, thresholds);
    const agrees =
      row.current_points === row.expected_current && row.total_points === row.expected_total && row.member_tier === expectedTier;
    if (agrees) return [];
    return [
      {
        memberId: row.id,
        email: row.email,
        currentPoints: row.current_points,
        expectedCurrentPoints: row.expected_current,
        totalPoints: row.total_points,
        expectedTotalPoints: row.expected_total,
        memberTier: row.member_tier,
        expectedTier,
      },
    ];
  });
  const mispaid = (await ledger.mispaidRows(em)).map((row): MispaidEntry => ({
    transactionId: row.id,
    memberId: row.member_id,
    kind: row.kind,
    points: row.points,
    expectedPoints: row.expected_points,
    basePoints: row.base_points,
    tierMultiplier: row.tier_multiplier,
    promotionMultiplier: row.promotion_multiplier,
    promotionId: row.promotion_id,
  }));
  return { membersChecked: rows.length, differences, mispaid };
}

export function describeMispaid(m: MispaidEntry): string {
  return (
    `row ${m.transactionId} (${m.kind}, member ${m.memberId}): ${m.points} points, base ${m.basePoints} ` +
    `at tier ${m.tierMultiplier} and promotion ${m.promotionMultiplier}${m.promotionId ? ` (${m.promotionId})` : ''} ` +
    `earns ${m.expectedPoints}`
  );
}

export function describeDifference(d: LedgerDifference): string {
  return (
    `${d.email} (${d.memberId}): current ${d.currentPoints}, ledger says ${d.expectedCurrentPoints}; ` +
    `total ${d.totalPoints}, ledger says ${d.expectedTotalPoints}; tier ${d.memberTier}, expected ${d.expectedTier}`
  );
}
