import { DEFAULT_TIER_THRESHOLDS as T, meetsTier, tierForTotalPoints, tierLabel, tierProgress } from './tiers.js';

describe('tiers', () => {
  it.each([
    [0, 'bronze'],
    [99, 'bronze'],
    [100, 'silver'],
    [499, 'silver'],
    [500, 'gold'],
    [1499, 'gold'],
    [1500, 'platinum'],
    [1_000_000, 'platinum'],
  ])('%i total points is %s', (points, tier) => {
    expect(tierForTotalPoints(points, T)).toBe(tier);
  });

  it('follows configured thresholds', () => {
    expect(tierForTotalPoints(10, { silver: 10, gold: 20, platinum: 30 })).toBe('silver');
  });

  it('compares tiers by rank', () => {
    expect(meetsTier('gold', 'silver')).toBe(true);
    expect(meetsTier('gold', 'gold')).toBe(true);
    expect(meetsTier('silver', 'gold')).toBe(false);
  });

  it('labels tiers capitalised', () => {
    expect(tierLabel('platinum')).toBe('Platinum');
  });

  it('reports progress towards the next tier', () => {
    expect(tierProgress(20, T)).toEqual({ tier: 'bronze', nextTier: 'silver', pointsToNext: 80, progress: 0.2 });
    expect(tierProgress(300, T)).toMatchObject({ tier: 'silver', nextTier: 'gold', pointsToNext: 200, progress: 0.5 });
    expect(tierProgress(2000, T)).toEqual({ tier: 'platinum', nextTier: null, pointsToNext: 0, progress: 1 });
  });
});
