import { describe, expect, it } from '@jest/globals';
import { EMPTY_COUPON_FORM, toCreateCouponPayload } from './coupon-form';

const SYD = 'Australia/Sydney';

const form = (overrides: Partial<typeof EMPTY_COUPON_FORM>) => ({
  ...EMPTY_COUPON_FORM,
  code: ' DRINK50 ',
  title: ' Half-price cocktail ',
  description: ' Any cocktail ',
  ...overrides,
});

describe('coupon form conversions', () => {
  it('defaults: percentage, 0 points, bronze, unlimited, no end date; text trimmed', () => {
    expect(toCreateCouponPayload(form({}), SYD)).toEqual({
      code: 'DRINK50',
      title: 'Half-price cocktail',
      description: 'Any cocktail',
      type: 'percentage',
      value: null,
      pointsCost: 0,
      requiredTier: 'bronze',
      maxUses: null,
      validUntil: null,
    });
  });

  it('turns numbers into whole numbers; a non-numeric points cost becomes 0', () => {
    const payload = toCreateCouponPayload(form({ value: '12.7', pointsCost: 'lots', maxUses: '30' }), SYD);
    expect(payload).toMatchObject({ value: 12, pointsCost: 0, maxUses: 30 });
    expect(toCreateCouponPayload(form({ pointsCost: '250' }), SYD).pointsCost).toBe(250);
  });

  it('a valid-until date ends with that club night: 06:00 the next morning in Sydney', () => {
    // Winter (UTC+10): 06:00 on 21 June is 20:00 UTC on 20 June.
    expect(toCreateCouponPayload(form({ validUntil: '2026-06-20' }), SYD).validUntil).toBe('2026-06-20T20:00:00.000Z');
    // Summer (UTC+11): 06:00 on 1 January 2027 is 19:00 UTC on 31 December.
    expect(toCreateCouponPayload(form({ validUntil: '2026-12-31' }), SYD).validUntil).toBe('2026-12-31T19:00:00.000Z');
  });

  it("a valid-until date ends at 06:00 the next morning in the venue's own zone: London, summer and winter", () => {
    // British Summer Time (UTC+1): 06:00 on 21 June is 05:00 UTC.
    expect(toCreateCouponPayload(form({ validUntil: '2026-06-20' }), 'Europe/London').validUntil).toBe(
      '2026-06-21T05:00:00.000Z',
    );
    // Winter (UTC+0): 06:00 on 1 January is 06:00 UTC.
    expect(toCreateCouponPayload(form({ validUntil: '2026-12-31' }), 'Europe/London').validUntil).toBe(
      '2027-01-01T06:00:00.000Z',
    );
    // The night the clocks go back (Sunday 25 October 2026 at 02:00 BST): the night of the 24th ends at 06:00 GMT.
    expect(toCreateCouponPayload(form({ validUntil: '2026-10-24' }), 'Europe/London').validUntil).toBe(
      '2026-10-25T06:00:00.000Z',
    );
  });
});
