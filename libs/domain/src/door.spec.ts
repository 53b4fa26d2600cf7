import {
  alreadyUsedMessage,
  couponTypeLabel,
  couponValueLabel,
  expiredMessage,
  nightInWords,
  redeemedMessage,
  venueClock,
  visitDescription,
  visitRecordedMessage,
} from './door.js';

const SYD = 'Australia/Sydney';
// Summer in Sydney: UTC+11. 2026-11-28 is a Saturday.
const at = (local: string) => new Date(`${local}+11:00`);

describe("door mode's words", () => {
  it("tells the time on the venue's 24-hour clock", () => {
    expect(venueClock(at('2026-11-28T23:41:00'), SYD)).toBe('23:41');
    expect(venueClock(at('2026-11-29T00:05:00'), SYD)).toBe('00:05');
    expect(venueClock(at('2026-11-28T09:07:00'), SYD)).toBe('09:07');
    expect(venueClock(new Date('2026-11-28T12:41:00Z'), 'UTC')).toBe('12:41');
  });

  it('names who redeemed a coupon tonight and when: "Already used at 23:41 (Sam)"', () => {
    const now = at('2026-11-29T01:30:00');
    expect(alreadyUsedMessage(at('2026-11-28T23:41:00'), { by: 'staff', firstName: 'Sam' }, now, SYD)).toBe(
      'Already used at 23:41 (Sam)',
    );
    expect(alreadyUsedMessage(at('2026-11-29T00:10:00'), { by: 'member' }, now, SYD)).toBe('Already used at 00:10 (the member)');
    expect(alreadyUsedMessage(at('2026-11-28T23:41:00'), { by: 'staff', firstName: null }, now, SYD)).toBe(
      'Already used at 23:41 (staff)',
    );
  });

  it('names the night of a redemption before tonight, and its year when that differs', () => {
    // 05:59 on the 29th is still the night of the 28th; from 06:00 it is an earlier night.
    const redeemed = at('2026-11-29T05:59:00');
    expect(alreadyUsedMessage(redeemed, { by: 'member' }, at('2026-11-29T05:59:30'), SYD)).toBe(
      'Already used at 05:59 (the member)',
    );
    expect(alreadyUsedMessage(redeemed, { by: 'member' }, at('2026-11-29T06:00:00'), SYD)).toBe(
      'Already used on 28 Nov at 05:59 (the member)',
    );
    expect(alreadyUsedMessage(at('2025-12-31T22:00:00'), { by: 'staff', firstName: 'Sam' }, at('2026-01-02T22:00:00'), SYD)).toBe(
      'Already used on 31 Dec 2025 at 22:00 (Sam)',
    );
  });

  it('says the last club night an expired coupon was good for', () => {
    // Valid until 06:00 on the 29th: the night of the 28th was its last.
    expect(expiredMessage(at('2026-11-29T06:00:00'), at('2026-11-30T22:00:00'), SYD)).toBe('Expired on 28 Nov');
    // Valid until 23:00 on the 28th: that night too.
    expect(expiredMessage(at('2026-11-28T23:00:00'), at('2026-11-28T23:30:00'), SYD)).toBe('Expired on 28 Nov');
    expect(expiredMessage(at('2025-12-20T06:00:00'), at('2026-01-10T22:00:00'), SYD)).toBe('Expired on 19 Dec 2025');
  });

  it('words a visit, its points and its history line', () => {
    expect(visitRecordedMessage('Jordan', 20)).toBe('Welcome, Jordan: visit recorded, +20 points');
    expect(visitRecordedMessage('Jordan', 1)).toBe('Welcome, Jordan: visit recorded, +1 point');
    expect(visitRecordedMessage('Jordan', 0)).toBe('Welcome, Jordan: visit recorded');
    expect(visitDescription('2026-11-27')).toBe('Visit: Fri 27 Nov');
    expect(nightInWords('2026-02-01')).toBe('1 Feb');
    expect(redeemedMessage('Free drink', 'Jordan')).toBe('Redeemed: Free drink for Jordan');
  });

  it("gives a coupon's value with its unit", () => {
    expect(couponValueLabel('fixed_amount', 20)).toBe('$20 off');
    expect(couponValueLabel('percentage', 15)).toBe('15% off');
    expect(couponValueLabel('free_drink', null)).toBe('Free drink');
    expect(couponValueLabel('vip_upgrade', null)).toBe('VIP upgrade');
    expect(couponValueLabel('percentage', null)).toBe('Discount');
  });

  it('names coupon types in words, VIP in capitals', () => {
    expect(couponTypeLabel('vip_upgrade')).toBe('VIP upgrade');
    expect(couponTypeLabel('free_drink')).toBe('Free drink');
    expect(couponTypeLabel('fixed_amount')).toBe('Fixed amount');
  });
});
