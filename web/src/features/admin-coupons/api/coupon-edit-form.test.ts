import { describe, expect, it } from '@jest/globals';
import { anAdminCoupon } from '@/testing/fixtures';
import { couponFormValuesOf, toUpdateCouponPayload } from './coupon-form';

describe('the edit form (issue 18)', () => {
  it('shows a coupon as the create form would hold it', () => {
    expect(couponFormValuesOf(anAdminCoupon({ maxUses: 20, validUntil: '2026-06-20T20:00:00.000Z', perMemberLimit: 2 }))).toEqual(
      {
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
      },
    );
    expect(couponFormValuesOf(anAdminCoupon({ value: null, maxUses: null, validUntil: null }))).toMatchObject({
      value: '',
      maxUses: '',
      validUntil: '',
    });
  });

  it('sends only what changed, converted as create converts it', () => {
    const initial = couponFormValuesOf(anAdminCoupon({ validUntil: '2026-06-20T11:00:00.000Z' }));
    expect(toUpdateCouponPayload(initial, initial)).toEqual({});
    expect(
      toUpdateCouponPayload(initial, { ...initial, title: ' Late bar ', value: '', maxUses: '12', perMemberLimit: '4' }),
    ).toEqual({
      title: 'Late bar',
      value: null,
      maxUses: 12,
      perMemberLimit: 4,
    });
    // A stored instant that is not a club night's end stays as it is unless the date is changed.
    expect(toUpdateCouponPayload(initial, { ...initial, validUntil: '2026-12-31' })).toEqual({
      validUntil: '2026-12-31T19:00:00.000Z',
    });
    expect(toUpdateCouponPayload(initial, { ...initial, validUntil: '' })).toEqual({ validUntil: null });
  });
});
