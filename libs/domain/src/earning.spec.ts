import {
  earningWords,
  promotionBadgeWords,
  promotionScheduleProblem,
  activePromotion,
  earnedPoints,
  monthlyCouponGrantKey,
  multiplierWords,
  parseMultiplier,
  pointsToNextTierWords,
  promotionRunsOnNight,
  tierToCelebrate,
  type PromotionSchedule,
} from './earning.js';
import { DEFAULT_TIER_THRESHOLDS } from './tiers.js';

const TZ = 'Europe/London';
const thursdaysInDecember: PromotionSchedule = {
  id: 'p1',
  name: 'Double Thursdays',
  multiplier: 200,
  startsOn: '2026-12-01',
  endsOn: '2026-12-31',
  weekdays: [4],
};

describe('earning multipliers', () => {
  it('stacks tier × promotion and rounds once, half up', () => {
    expect(earnedPoints('comment_reward', 5, 125, null).points).toBe(6); // 6.25
    expect(earnedPoints('comment_reward', 5, 125, { id: 'p1', multiplier: 200 }).points).toBe(13); // 12.5
    expect(earnedPoints('comment_reward', 5, 110, null).points).toBe(6); // 5.5 half up
    expect(earnedPoints('visit', 3, 133, null).points).toBe(4); // 3.99
    expect(earnedPoints('visit', 10, 100, null).points).toBe(10);
  });

  it('records base, both multipliers and the promotion on the entry', () => {
    expect(earnedPoints('comment_reward', 5, 125, { id: 'p1', multiplier: 200 })).toEqual({
      basePoints: 5,
      tierMultiplier: 125,
      promotionMultiplier: 200,
      promotionId: 'p1',
      points: 13,
    });
  });

  it.each(['adjustment', 'reversal', 'welcome_bonus', 'coupon_claim', 'balance_adjustment'] as const)(
    'never multiplies %s',
    (kind) => {
      const earned = earnedPoints(kind, 50, 125, { id: 'p1', multiplier: 200 });
      expect(earned).toMatchObject({ points: 50, tierMultiplier: 100, promotionMultiplier: 100, promotionId: null });
    },
  );

  it('accepts 1.00–5.00 with two decimals at most', () => {
    expect(parseMultiplier('1.25')).toBe(125);
    expect(parseMultiplier('2')).toBe(200);
    expect(parseMultiplier('1.5')).toBe(150);
    expect(parseMultiplier('5.00')).toBe(500);
    expect(parseMultiplier('0.99')).toBeNull();
    expect(parseMultiplier('5.01')).toBeNull();
    expect(parseMultiplier('1.255')).toBeNull();
    expect(parseMultiplier('-1')).toBeNull();
    expect(parseMultiplier('abc')).toBeNull();
  });

  it('shows multipliers as ×1.25 and ×2', () => {
    expect(multiplierWords(125)).toBe('×1.25');
    expect(multiplierWords(150)).toBe('×1.5');
    expect(multiplierWords(200)).toBe('×2');
  });
});

describe('promotions', () => {
  it('runs on Thursday nights in December only', () => {
    expect(promotionRunsOnNight(thursdaysInDecember, '2026-12-03')).toBe(true);
    expect(promotionRunsOnNight(thursdaysInDecember, '2026-12-04')).toBe(false);
    expect(promotionRunsOnNight(thursdaysInDecember, '2026-11-26')).toBe(false);
    expect(promotionRunsOnNight(thursdaysInDecember, '2027-01-07')).toBe(false);
  });

  it("is still Thursday's promotion at 01:30 on Friday morning, and over at 06:00", () => {
    // Thu 3 Dec 2026 evening; London is UTC+0 in December.
    expect(activePromotion([thursdaysInDecember], new Date('2026-12-03T22:00:00Z'), TZ)?.id).toBe('p1');
    expect(activePromotion([thursdaysInDecember], new Date('2026-12-04T01:30:00Z'), TZ)?.id).toBe('p1');
    expect(activePromotion([thursdaysInDecember], new Date('2026-12-04T06:00:00Z'), TZ)).toBeNull();
    // Wednesday 02:00 belongs to Tuesday's night.
    expect(activePromotion([thursdaysInDecember], new Date('2026-12-03T02:00:00Z'), TZ)).toBeNull();
  });

  it('applies only the highest multiplier when promotions overlap', () => {
    const december: PromotionSchedule = { ...thursdaysInDecember, id: 'p2', multiplier: 150, weekdays: null };
    const thursday = new Date('2026-12-03T22:00:00Z');
    const friday = new Date('2026-12-04T22:00:00Z');
    expect(activePromotion([december, thursdaysInDecember], thursday, TZ)?.id).toBe('p1');
    expect(activePromotion([december, thursdaysInDecember], friday, TZ)?.id).toBe('p2');
  });
});

describe('tier progress', () => {
  it('says how many points to the next tier', () => {
    expect(pointsToNextTierWords(380, DEFAULT_TIER_THRESHOLDS)).toBe('120 points to Gold');
    expect(pointsToNextTierWords(499, DEFAULT_TIER_THRESHOLDS)).toBe('1 point to Gold');
    expect(pointsToNextTierWords(0, DEFAULT_TIER_THRESHOLDS)).toBe('100 points to Silver');
    expect(pointsToNextTierWords(2000, DEFAULT_TIER_THRESHOLDS)).toBeNull();
  });

  it('celebrates a tier once', () => {
    expect(tierToCelebrate('gold', null)).toBe('gold');
    expect(tierToCelebrate('gold', 'silver')).toBe('gold');
    expect(tierToCelebrate('gold', 'gold')).toBeNull();
    expect(tierToCelebrate('silver', 'gold')).toBeNull();
    expect(tierToCelebrate('bronze', null)).toBeNull();
  });

  it('keys the monthly coupon by venue month of the club night', () => {
    expect(monthlyCouponGrantKey('m1', new Date('2026-12-31T23:00:00Z'), TZ)).toBe('m1:2026-12');
    // 02:00 on 1 January is still the 31 December club night.
    expect(monthlyCouponGrantKey('m1', new Date('2027-01-01T02:00:00Z'), TZ)).toBe('m1:2026-12');
    expect(monthlyCouponGrantKey('m1', new Date('2027-01-01T07:00:00Z'), TZ)).toBe('m1:2027-01');
  });
});

describe('promotion badge and schedule', () => {
  it('names the promotion, tonight and its multiplier', () => {
    expect(promotionBadgeWords('Double points', 200)).toBe('Double points tonight ×2');
    expect(promotionBadgeWords(' Happy hour ', 150)).toBe('Happy hour tonight ×1.5');
  });

  it('accepts a single night, refuses an end before the start, more than a year, and a weekday twice or out of range', () => {
    expect(promotionScheduleProblem({ startsOn: '2026-12-03', endsOn: '2026-12-03', weekdays: null })).toBeNull();
    expect(promotionScheduleProblem({ startsOn: '2026-12-01', endsOn: '2026-12-31', weekdays: [4] })).toBeNull();
    expect(promotionScheduleProblem({ startsOn: '2026-12-03', endsOn: '2026-12-02', weekdays: null })).toMatchObject({
      path: 'endsOn',
    });
    expect(promotionScheduleProblem({ startsOn: '2026-01-01', endsOn: '2027-01-01', weekdays: null })).toBeNull();
    expect(promotionScheduleProblem({ startsOn: '2026-01-01', endsOn: '2027-01-02', weekdays: null })).toMatchObject({
      path: 'endsOn',
    });
    expect(promotionScheduleProblem({ startsOn: '2026-12-01', endsOn: '2026-12-31', weekdays: [4, 4] })).toMatchObject({
      path: 'weekdays',
    });
    expect(promotionScheduleProblem({ startsOn: '2026-12-01', endsOn: '2026-12-31', weekdays: [7] })).toMatchObject({
      path: 'weekdays',
    });
  });

  it('refuses weekdays that never fall in the range, in words naming the clash', () => {
    expect(promotionScheduleProblem({ startsOn: '2026-11-28', endsOn: '2026-11-28', weekdays: [4] })).toEqual({
      path: 'weekdays',
      message: 'Thursdays only, but 28 Nov 2026 to 28 Nov 2026 has no Thursday',
    });
    expect(promotionScheduleProblem({ startsOn: '2026-11-28', endsOn: '2026-11-30', weekdays: [5, 2] })).toEqual({
      path: 'weekdays',
      message: 'Tuesdays and Fridays only, but 28 Nov 2026 to 30 Nov 2026 has no Tuesday or Friday',
    });
    expect(promotionScheduleProblem({ startsOn: '2026-11-28', endsOn: '2026-11-30', weekdays: [1] })).toBeNull();
    expect(promotionScheduleProblem({ startsOn: '2026-11-28', endsOn: '2026-11-28', weekdays: [] })).toBeNull();
  });
});

describe('earning words on a history line', () => {
  it('names the base and each multiplier that applied, and nothing at 1.00×', () => {
    expect(earningWords(5, 125, 200)).toBe('5 pts ×1.25 tier ×2 promotion');
    expect(earningWords(20, 125, 100)).toBe('20 pts ×1.25 tier');
    expect(earningWords(1, 100, 150)).toBe('1 pt ×1.5 promotion');
    expect(earningWords(5, 100, 100)).toBeNull();
  });
});
