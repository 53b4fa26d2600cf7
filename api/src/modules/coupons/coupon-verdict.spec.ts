import { couponRefusal } from './coupon-verdict.js';
import type { UserCouponView } from './user-coupons.repository.js';

const SYD = 'Australia/Sydney';
const NOW = new Date('2026-11-28T12:30:00Z'); // 23:30 in Sydney, the night of the 28th

/** A user coupon as the repository reads it: claimed, usable, its holder's account active. */
function row(
  change: { coupon?: Partial<UserCouponView['coupon']> } & Partial<Omit<UserCouponView, 'coupon'>> = {},
): UserCouponView {
  const { coupon, ...rest } = change;
  return {
    id: '6f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f',
    member_id: '7f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f',
    coupon_id: '8f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f',
    claimed_at: '2026-11-20 10:00:00+00',
    redeemed_at: null,
    redeemed_by: null,
    validated_at: null,
    validated_by_id: null,
    short_code: null,
    first_name: 'Jordan',
    last_name: 'Blake',
    member_tier: 'bronze',
    disabled_at: null,
    deleted_at: null,
    validated_by_name: null,
    ...rest,
    coupon: {
      id: '8f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f',
      code: 'FIRSTROUND',
      title: 'First round',
      description: '',
      type: 'free_drink',
      value: null,
      points_cost: 0,
      required_tier: 'bronze',
      max_uses: null,
      per_member_limit: 1,
      valid_until: null,
      is_active: true,
      archived_at: null,
      claimed_count: 1,
      redeemed_count: 0,
      created_at: '2026-11-01 10:00:00+00',
      ...coupon,
    },
  } as UserCouponView;
}

describe('couponRefusal', () => {
  it('lets a claimed, usable coupon of an active member be redeemed', () => {
    expect(couponRefusal(row(), NOW, SYD)).toBeNull();
  });

  it("puts the holder's account first: a disabled or deleted member's coupon is refused whatever its state", () => {
    const disabled = row({
      disabled_at: '2026-11-27 10:00:00+00',
      redeemed_at: '2026-11-28 12:00:00+00',
      coupon: { is_active: false },
    });
    expect(couponRefusal(disabled, NOW, SYD)).toEqual({ refusal: 'member_disabled', message: 'Member account disabled' });
    expect(couponRefusal(row({ deleted_at: '2026-11-27 10:00:00+00' }), NOW, SYD)?.refusal).toBe('member_disabled');
  });

  it('then a redemption that stands, naming who', () => {
    const redeemed = row({
      redeemed_at: '2026-11-28 12:11:00+00',
      redeemed_by: 'staff',
      validated_by_name: 'Sam',
      coupon: { archived_at: '2026-11-28 12:20:00+00' },
    });
    expect(couponRefusal(redeemed, NOW, SYD)).toEqual({ refusal: 'already_used', message: 'Already used at 23:11 (Sam)' });
  });

  it('then the coupon: withdrawn, paused, expired, in that order', () => {
    const expiredAt = { valid_until: '2026-11-27 19:00:00+00' }; // 06:00 on the 28th
    expect(
      couponRefusal(row({ coupon: { archived_at: '2026-11-01 00:00:00+00', is_active: false, ...expiredAt } }), NOW, SYD),
    ).toEqual({
      refusal: 'withdrawn',
      message: 'No longer offered',
    });
    expect(couponRefusal(row({ coupon: { is_active: false, ...expiredAt } }), NOW, SYD)).toEqual({
      refusal: 'paused',
      message: 'Paused',
    });
    expect(couponRefusal(row({ coupon: expiredAt }), NOW, SYD)).toEqual({ refusal: 'expired', message: 'Expired on 27 Nov' });
  });
});
