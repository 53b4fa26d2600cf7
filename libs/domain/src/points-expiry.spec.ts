import { addMonths, type LedgerMovement, planPointsExpiry, pointsExpiryCutoff, unspentPointsEarnedBefore } from './points-expiry.js';

const SYD = 'Australia/Sydney';
let seq = 0;
const row = (points: number, at: string, kind = points > 0 ? 'comment_reward' : 'coupon_claim', reversesId: string | null = null): LedgerMovement => ({
  id: `row-${(seq += 1)}`,
  points,
  kind,
  reversesId,
  createdAt: new Date(at),
});

describe('points expiry', () => {
  it('shifts dates by months, clamping to the end of a shorter month', () => {
    expect(addMonths('2027-06-15', -12)).toBe('2026-06-15');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', -2)).toBe('2026-11-30');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('cuts off at the start of the club night N months earlier, venue time', () => {
    // 06:00 AEST on 15 June 2026 is 20:00 UTC the day before.
    expect(pointsExpiryCutoff('2027-06-15', 12, SYD).toISOString()).toBe('2026-06-14T20:00:00.000Z');
    // Summer (AEDT, UTC+11).
    expect(pointsExpiryCutoff('2027-07-10', 6, SYD).toISOString()).toBe('2027-01-09T19:00:00.000Z');
    expect(() => pointsExpiryCutoff('2027-06-15', 0, SYD)).toThrow(RangeError);
  });

  it('takes spending from the oldest earnings first', () => {
    const cutoff = new Date('2026-06-14T20:00:00Z');
    const movements = [
      row(50, '2026-01-10T10:00:00Z'),
      row(30, '2026-05-01T10:00:00Z'),
      row(40, '2026-06-20T10:00:00Z'),
      // Spent after the cutoff, still from the oldest points.
      row(-60, '2026-07-01T10:00:00Z'),
    ];
    expect(unspentPointsEarnedBefore(movements, cutoff)).toBe(20);
    // Spending more than the old earnings leaves nothing old to expire.
    expect(unspentPointsEarnedBefore([...movements, row(-25, '2026-07-02T10:00:00Z')], cutoff)).toBe(0);
    // Nothing earned before the cutoff: nothing expires.
    expect(unspentPointsEarnedBefore([row(40, '2026-06-20T10:00:00Z')], cutoff)).toBe(0);
    // A row exactly at the cutoff is not older than it.
    expect(unspentPointsEarnedBefore([row(40, '2026-06-14T20:00:00Z')], cutoff)).toBe(0);
  });

  it('counts earlier expiries as spent, so expiring twice expires nothing more', () => {
    const cutoff = new Date('2026-06-14T20:00:00Z');
    const movements = [row(50, '2026-01-10T10:00:00Z'), row(40, '2026-06-20T10:00:00Z'), row(-10, '2026-03-01T10:00:00Z')];
    expect(unspentPointsEarnedBefore(movements, cutoff)).toBe(40);
    expect(unspentPointsEarnedBefore([...movements, row(-40, '2027-06-15T03:00:00Z', 'expiry')], cutoff)).toBe(0);
  });

  it('folds reversals into the rows they undo', () => {
    const cutoff = new Date('2026-06-14T20:00:00Z');
    const oldCredit = row(50, '2026-01-10T10:00:00Z');
    const newCredit = row(40, '2026-06-20T10:00:00Z');
    const claim = row(-30, '2026-07-01T10:00:00Z');
    // A reversed new credit does not eat into the old points; a reversed old credit is not there to expire.
    expect(unspentPointsEarnedBefore([oldCredit, newCredit, claim, row(-40, '2026-07-02T10:00:00Z', 'reversal', newCredit.id)], cutoff)).toBe(20);
    expect(unspentPointsEarnedBefore([oldCredit, newCredit, claim, row(-50, '2026-07-02T10:00:00Z', 'reversal', oldCredit.id)], cutoff)).toBe(0);
    // A refunded claim spent nothing.
    expect(unspentPointsEarnedBefore([oldCredit, newCredit, claim, row(30, '2026-07-02T10:00:00Z', 'reversal', claim.id)], cutoff)).toBe(50);
  });

  it('plans tonight and warns once about the batch fourteen nights ahead', () => {
    const movements = [
      row(50, '2026-01-10T10:00:00Z'),
      row(30, '2026-05-01T10:00:00Z'),
      row(-60, '2026-07-01T10:00:00Z'),
      row(40, '2026-06-20T10:00:00Z'),
      // Earned during the club night of 28 June 2026: more than twelve months old from the night of 29 June 2027.
      row(25, '2026-06-28T10:00:00Z'),
    ];
    expect(planPointsExpiry(movements, '2027-06-15', 12, SYD)).toEqual({ expire: 20, warning: { night: '2027-06-29', points: 25 } });
    // The night before and after, that batch is not (or no longer) fourteen nights ahead.
    expect(planPointsExpiry(movements, '2027-06-14', 12, SYD).warning).toEqual({ night: '2027-06-28', points: 0 });
    expect(planPointsExpiry(movements, '2027-06-16', 12, SYD).warning).toEqual({ night: '2027-06-30', points: 0 });
    // It expires on that night, with what is left of the older points.
    expect(planPointsExpiry(movements, '2027-06-28', 12, SYD).expire).toBe(20 + 40);
    expect(planPointsExpiry(movements, '2027-06-29', 12, SYD).expire).toBe(20 + 40 + 25);
  });
});
