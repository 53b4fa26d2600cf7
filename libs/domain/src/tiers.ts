export const TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierThresholds {
  silver: number;
  gold: number;
  platinum: number;
}

export const DEFAULT_TIER_THRESHOLDS: TierThresholds = { silver: 100, gold: 500, platinum: 1500 };

/** A member's tier comes from the points they have ever earned, never from the spendable balance. */
export function tierForTotalPoints(totalPoints: number, thresholds: TierThresholds): Tier {
  if (totalPoints >= thresholds.platinum) return 'platinum';
  if (totalPoints >= thresholds.gold) return 'gold';
  if (totalPoints >= thresholds.silver) return 'silver';
  return 'bronze';
}

export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

export function meetsTier(memberTier: Tier, requiredTier: Tier): boolean {
  return tierRank(memberTier) >= tierRank(requiredTier);
}

export function tierLabel(tier: Tier): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

export interface TierProgress {
  tier: Tier;
  nextTier: Tier | null;
  /** Points still to earn to reach nextTier; 0 at the top tier. */
  pointsToNext: number;
  /** 0..1 share of the way from the current tier's threshold to the next one. */
  progress: number;
}

export function tierProgress(totalPoints: number, thresholds: TierThresholds): TierProgress {
  const tier = tierForTotalPoints(totalPoints, thresholds);
  const floors: Record<Tier, number> = {
    bronze: 0,
    silver: thresholds.silver,
    gold: thresholds.gold,
    platinum: thresholds.platinum,
  };
  const nextTier = TIERS[tierRank(tier) + 1] ?? null;
  if (!nextTier) return { tier, nextTier, pointsToNext: 0, progress: 1 };
  const floor = floors[tier];
  const ceiling = floors[nextTier];
  return {
    tier,
    nextTier,
    pointsToNext: ceiling - totalPoints,
    progress: Math.min(1, Math.max(0, (totalPoints - floor) / (ceiling - floor))),
  };
}
