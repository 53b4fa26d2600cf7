import { describe, expect, it } from '@jest/globals';
import { anAdminCoupon } from '@/testing/fixtures';
import { couponFormValuesOf, toUpdateCouponPayload } from './coupon-form';

const SYD = 'Australia/Sydney';
const LON = 'Europe/London';

describe('the edit form', () => {
  it('shows a coupon as the create form would hold it', () => {
    expect(
      couponFormValuesOf(anAdminCoupon({ maxUses: 20, validUntil: '2026-06-20T20:00:00.000Z', perMemberLimit: 2 }), SYD),
    ).toEqual({
      code: 'DRINK50',
      title: 'Half-price cocktail',
      description: 'Any cocktail, half price.',
      type: 'percentage',
      value: '50',
      pointsCost: '40',
      requiredTier: 'bronze',
      maxUses: '20',
      // 06:00 on 21 June in Sydney ends the club night of 20 June.
      validUntil: '2026-06-20',
      perMemberLimit: '2',
    });
    expect(couponFormValuesOf(anAdminCoupon({ value: null, maxUses: null, validUntil: null }), SYD)).toMatchObject({
      value: '',
      maxUses: '',
      validUntil: '',
    });
  });

  it('sends only what changed, converted as create converts it', () => {
    const initial = couponFormValuesOf(anAdminCoupon({ validUntil: '2026-06-20T11:00:00.000Z' }), SYD);
    expect(toUpdateCouponPayload(initial, initial, SYD)).toEqual({});
    expect(
      toUpdateCouponPayload(initial, { ...initial, title: ' Late bar ', value: '', maxUses: '12', perMemberLimit: '4' }, SYD),
    ).toEqual({
      title: 'Late bar',
      value: null,
      maxUses: 12,
      perMemberLimit: 4,
    });
    // A stored instant that is not a club night's end stays as it is unless the date is changed.
    expect(toUpdateCouponPayload(initial, { ...initial, validUntil: '2026-12-31' }, SYD)).toEqual({
      validUntil: '2026-12-31T19:00:00.000Z',
    });
    expect(toUpdateCouponPayload(initial, { ...initial, validUntil: '' }, SYD)).toEqual({ validUntil: null });
  });

  it("reads a stored end as the club night on the venue's calendar, wherever the venue is", () => {
    // 06:00 on 21 June in London (BST, UTC+1) is 05:00 UTC: the end of the night of 20 June there,
    // but the morning of 21 June (15:00) in Sydney, inside the night of 21 June.
    const coupon = anAdminCoupon({ validUntil: '2026-06-21T05:00:00.000Z' });
    expect(couponFormValuesOf(coupon, LON).validUntil).toBe('2026-06-20');
    expect(couponFormValuesOf(coupon, SYD).validUntil).toBe('2026-06-21');
    // Unchanged, it is not sent; a new date ends at 06:00 London time, in winter at 06:00 UTC.
    const initial = couponFormValuesOf(coupon, LON);
    expect(toUpdateCouponPayload(initial, initial, LON)).toEqual({});
    expect(toUpdateCouponPayload(initial, { ...initial, validUntil: '2026-12-31' }, LON)).toEqual({
      validUntil: '2027-01-01T06:00:00.000Z',
    });
  });
});
