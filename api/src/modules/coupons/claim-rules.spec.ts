import { claimRefusal, type CouponTerms, couponUnusable, userCouponState } from './claim-rules.js';

const now = new Date('2026-11-21T12:00:00Z');
const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  isActive: true,
  archivedAt: null,
  validUntil: null,
  requiredTier: 'bronze',
  maxUses: null,
  claimedCount: 0,
  perMemberLimit: 1,
  pointsCost: 0,
  ...overrides,
});
const member = { tier: 'bronze' as const, currentPoints: 20, claims: 0 };

describe('claimRefusal', () => {
  it('lets a bronze member claim a free, open coupon', () => {
    expect(claimRefusal(coupon(), member, now)).toBeNull();
  });

  it.each([
    [
      'an inactive coupon',
      coupon({ isActive: false }),
      member,
      'conflict',
      'This coupon has been paused by the venue and cannot be used right now',
      'Paused',
    ],
    [
      'an archived coupon',
      coupon({ archivedAt: now }),
      member,
      'conflict',
      'This coupon is no longer available',
      'No longer available',
    ],
    [
      'a coupon past its validUntil',
      coupon({ validUntil: new Date(now.getTime() - 1) }),
      member,
      'conflict',
      'This coupon has expired',
      'Expired',
    ],
    [
      'a coupon at maxUses',
      coupon({ maxUses: 20, claimedCount: 20 }),
      member,
      'conflict',
      'This coupon has been fully claimed',
      'Fully claimed',
    ],
    [
      'a Gold coupon for a silver member',
      coupon({ requiredTier: 'gold' }),
      { ...member, tier: 'silver' as const },
      'forbidden',
      'This coupon requires Gold tier',
      'Requires Gold tier',
    ],
    [
      'a second claim over the per-member limit',
      coupon(),
      { ...member, claims: 1 },
      'conflict',
      'You have already claimed this coupon',
      'Already claimed',
    ],
    ['a cost above the balance', coupon({ pointsCost: 21 }), member, 'conflict', 'Not enough points', 'Not enough points'],
  ])('refuses %s', (_, terms, claimant, kind, message, reason) => {
    expect(claimRefusal(terms, claimant, now)).toMatchObject({ kind, message, reason });
  });

  it('counts validUntil as exclusive and higher tiers as meeting lower requirements', () => {
    expect(claimRefusal(coupon({ validUntil: now }), member, now)?.message).toBe('This coupon has expired');
    expect(claimRefusal(coupon({ requiredTier: 'gold' }), { ...member, tier: 'platinum' }, now)).toBeNull();
    expect(claimRefusal(coupon({ perMemberLimit: 3 }), { ...member, claims: 2 }, now)).toBeNull();
    expect(claimRefusal(coupon({ pointsCost: 20 }), member, now)).toBeNull();
  });

  it('names the first obstacle: tier before points', () => {
    expect(claimRefusal(coupon({ requiredTier: 'gold', pointsCost: 500 }), member, now)?.reason).toBe('Requires Gold tier');
  });
});

describe('couponUnusable', () => {
  it('is null for a live coupon and names why otherwise', () => {
    expect(couponUnusable(coupon({ validUntil: new Date(now.getTime() + 1) }), now)).toBeNull();
    expect(couponUnusable(coupon({ archivedAt: now }), now)).toBe('withdrawn');
    expect(couponUnusable(coupon({ isActive: false }), now)).toBe('paused');
    // Archiving also switches a coupon off; it says the lasting reason.
    expect(couponUnusable(coupon({ isActive: false, archivedAt: now }), now)).toBe('withdrawn');
  });
});

describe('userCouponState', () => {
  const live = { isActive: true, archivedAt: null, validUntil: null };

  it('is claimed while the coupon can still be used', () => {
    expect(userCouponState(null, live, now)).toBe('claimed');
    expect(userCouponState(null, { ...live, validUntil: new Date(now.getTime() + 1) }, now)).toBe('claimed');
  });

  it('stays redeemed whatever happened to the coupon since', () => {
    const gone = { isActive: false, archivedAt: now, validUntil: new Date('2026-01-01T00:00:00Z') };
    expect(userCouponState(new Date('2026-11-01T00:00:00Z'), gone, now)).toBe('redeemed');
  });

  it('names the first reason an unredeemed coupon cannot be used: withdrawn, paused, expired', () => {
    expect(userCouponState(null, { isActive: false, archivedAt: now, validUntil: now }, now)).toBe('withdrawn');
    expect(userCouponState(null, { isActive: false, archivedAt: null, validUntil: now }, now)).toBe('paused');
    expect(userCouponState(null, { ...live, validUntil: now }, now)).toBe('expired');
  });
});
