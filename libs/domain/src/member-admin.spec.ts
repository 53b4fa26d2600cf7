import { userCouponState } from './member-admin.js';

const now = new Date('2026-11-24T10:00:00Z');
const live = { isActive: true, archivedAt: null, validUntil: null };

describe('userCouponState', () => {
  it('is claimed while the coupon can still be used', () => {
    expect(userCouponState({ redeemedAt: null, coupon: live }, now)).toBe('claimed');
    expect(userCouponState({ redeemedAt: null, coupon: { ...live, validUntil: new Date('2026-11-25T00:00:00Z') } }, now)).toBe(
      'claimed',
    );
  });

  it('stays redeemed whatever happened to the coupon since', () => {
    const gone = { isActive: false, archivedAt: now, validUntil: new Date('2026-01-01T00:00:00Z') };
    expect(userCouponState({ redeemedAt: new Date('2026-11-01T00:00:00Z'), coupon: gone }, now)).toBe('redeemed');
  });

  it('names the first reason an unredeemed coupon cannot be used: withdrawn, paused, expired', () => {
    const past = new Date('2026-11-24T10:00:00Z');
    expect(userCouponState({ redeemedAt: null, coupon: { isActive: false, archivedAt: now, validUntil: past } }, now)).toBe(
      'withdrawn',
    );
    expect(userCouponState({ redeemedAt: null, coupon: { isActive: false, archivedAt: null, validUntil: past } }, now)).toBe(
      'paused',
    );
    expect(userCouponState({ redeemedAt: null, coupon: { ...live, validUntil: past } }, now)).toBe('expired');
  });
});
