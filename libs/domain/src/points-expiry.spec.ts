import { addDays, clubNightStart } from './club-night.js';
import {
  batchExpiryNight,
  expiryCutoff,
  expiryMonthOf,
  lastNightOfMonth,
  type LedgerMovement,
  planPointsExpiry,
  pointsExpiryNotice,
  type SentExpiryWarning,
  shiftMonth,
  unspentBatches,
  unspentPointsEarnedBefore,
  warningNightOf,
} from './points-expiry.js';

const SYD = 'Australia/Sydney';
let seq = 0;
const row = (
  points: number,
  at: string | Date,
  kind = points > 0 ? 'comment_reward' : 'coupon_claim',
  reversesId: string | null = null,
): LedgerMovement => ({
  id: `row-${(seq += 1)}`,
  points,
  kind,
  reversesId,
  createdAt: new Date(at),
});
/** An instant during a club night (noon venue time): what the nightly job or a member's action sees. */
const during = (night: string) => new Date(clubNightStart(night, SYD).getTime() + 6 * 3600_000);

interface Simulation {
  mails: { night: string; lines: ReturnType<typeof pointsExpiryNotice> }[];
  expiries: { night: string; points: number }[];
  ledger: LedgerMovement[];
}

/**
 * Runs the nightly job from `from` to `to` (inclusive) as the worker does: expire, then send the
 * warning due (at once, unless `sendOn` delays it). `earnEachNight` credits that many points every night.
 */
function simulate(
  start: LedgerMovement[],
  from: string,
  to: string,
  options: { skip?: (night: string) => boolean; earnEachNight?: number; months?: number } = {},
): Simulation {
  const months = options.months ?? 12;
  const ledger = [...start];
  const sent: SentExpiryWarning[] = [];
  const result: Simulation = { mails: [], expiries: [], ledger };
  for (let night = from; night <= to; night = addDays(night, 1)) {
    if (options.earnEachNight) ledger.push(row(options.earnEachNight, during(night)));
    if (options.skip?.(night)) continue;
    const plan = planPointsExpiry(ledger, sent, night, months, SYD);
    if (plan.expire > 0) {
      ledger.push(row(-plan.expire, during(night), 'expiry'));
      result.expiries.push({ night, points: plan.expire });
    }
    if (plan.warn) {
      const lines = pointsExpiryNotice(ledger, sent, plan.warn, night, months, SYD);
      if (lines.length > 0) {
        sent.push({ month: plan.warn, sentNight: night });
        result.mails.push({ night, lines });
      }
    }
  }
  return result;
}

/** The rule members rely on: every expired point was announced, by a mail sent at least 14 nights earlier, for that last night. */
function expectEveryExpiryNoticed({ mails, expiries }: Simulation): void {
  for (const expiry of expiries) {
    const announced = mails
      .filter((mail) => addDays(mail.night, 14) <= expiry.night)
      .flatMap((mail) => mail.lines)
      .filter((line) => line.lastNight === addDays(expiry.night, -1))
      .reduce((sum, line) => sum + line.points, 0);
    expect({ ...expiry, announced }).toEqual({ ...expiry, announced: expiry.points });
  }
}

function expectAtMostOneMailAMonth({ mails }: Simulation): void {
  const months = mails.map((mail) => mail.night.slice(0, 7));
  expect(new Set(months).size).toBe(months.length);
}

describe('points expiry', () => {
  it('counts months and batches earnings by the month of their club night, venue time', () => {
    expect(shiftMonth('2027-03', 12)).toBe('2028-03');
    expect(shiftMonth('2027-11', 3)).toBe('2028-02');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(lastNightOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastNightOfMonth('2027-02')).toBe('2027-02-28');
    // 05:00 on 1 April 2027 in Sydney (AEDT) is still the club night of 31 March: the March batch.
    expect(expiryMonthOf(new Date('2027-03-31T18:00:00Z'), 12, SYD)).toBe('2028-03');
    expect(expiryMonthOf(new Date('2027-03-31T20:00:00Z'), 12, SYD)).toBe('2028-04');
    // Batches that expire by the end of March 2028: earned before 06:00 on 1 April 2027, Sydney time.
    expect(expiryCutoff('2028-03', 12, SYD).toISOString()).toBe('2027-03-31T19:00:00.000Z');
    expect(() => expiryMonthOf(new Date(), 0, SYD)).toThrow(RangeError);
    // Warned 14 nights before the night after the month ends.
    expect(warningNightOf('2028-03')).toBe('2028-03-18');
    expect(warningNightOf('2027-02')).toBe('2027-02-15');
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
    expect(unspentPointsEarnedBefore([...movements, row(-25, '2026-07-02T10:00:00Z')], cutoff)).toBe(0);
    expect(unspentPointsEarnedBefore([row(40, '2026-06-20T10:00:00Z')], cutoff)).toBe(0);
    expect(unspentPointsEarnedBefore([row(40, '2026-06-14T20:00:00Z')], cutoff)).toBe(0);
    // By batch: January's 50 spent, 20 of May's left, June's 40 whole.
    expect(unspentBatches(movements, 12, SYD)).toEqual([
      { expiryMonth: '2027-05', points: 20 },
      { expiryMonth: '2027-06', points: 40 },
    ]);
  });

  it('folds reversals into the rows they undo, and counts earlier expiries as spent', () => {
    const cutoff = new Date('2026-06-14T20:00:00Z');
    const oldCredit = row(50, '2026-01-10T10:00:00Z');
    const newCredit = row(40, '2026-06-20T10:00:00Z');
    const claim = row(-30, '2026-07-01T10:00:00Z');
    expect(
      unspentPointsEarnedBefore(
        [oldCredit, newCredit, claim, row(-40, '2026-07-02T10:00:00Z', 'reversal', newCredit.id)],
        cutoff,
      ),
    ).toBe(20);
    expect(
      unspentPointsEarnedBefore(
        [oldCredit, newCredit, claim, row(-50, '2026-07-02T10:00:00Z', 'reversal', oldCredit.id)],
        cutoff,
      ),
    ).toBe(0);
    expect(
      unspentPointsEarnedBefore([oldCredit, newCredit, claim, row(30, '2026-07-02T10:00:00Z', 'reversal', claim.id)], cutoff),
    ).toBe(50);
    expect(unspentPointsEarnedBefore([oldCredit, newCredit, claim, row(-20, '2027-02-01T03:00:00Z', 'expiry')], cutoff)).toBe(0);
  });

  it('warns 14 nights ahead and expires a month batch at the end of its month, N months on', () => {
    // Earned in March 2026 (club nights): expires at the end of March 2027.
    const movements = [row(30, '2026-03-02T10:00:00Z'), row(20, '2026-03-30T10:00:00Z'), row(10, '2026-04-02T10:00:00Z')];
    expect(planPointsExpiry(movements, [], '2027-03-17', 12, SYD)).toEqual({ expire: 0, warn: null });
    expect(planPointsExpiry(movements, [], '2027-03-18', 12, SYD)).toEqual({ expire: 0, warn: '2027-03' });
    expect(pointsExpiryNotice(movements, [], '2027-03', '2027-03-18', 12, SYD)).toEqual([
      { lastNight: '2027-03-31', points: 50 },
    ]);
    const sent = [{ month: '2027-03', sentNight: '2027-03-18' }];
    expect(batchExpiryNight('2027-03', sent)).toBe('2027-04-01');
    // Spendable through the club night of 31 March; gone from the night of 1 April, April's batch stays.
    expect(planPointsExpiry(movements, sent, '2027-03-31', 12, SYD)).toEqual({ expire: 0, warn: null });
    expect(planPointsExpiry(movements, sent, '2027-04-01', 12, SYD)).toEqual({ expire: 50, warn: null });
    const result = simulate(movements, '2027-03-01', '2027-05-05');
    expect(result.mails.map((mail) => [mail.night, mail.lines])).toEqual([
      ['2027-03-18', [{ lastNight: '2027-03-31', points: 50 }]],
      ['2027-04-17', [{ lastNight: '2027-04-30', points: 10 }]],
    ]);
    expect(result.expiries).toEqual([
      { night: '2027-04-01', points: 50 },
      { night: '2027-05-01', points: 10 },
    ]);
    expectEveryExpiryNoticed(result);
  });

  it('never expires points without a warning sent at least 14 nights before', () => {
    const movements = [row(50, '2026-01-10T10:00:00Z')];
    // Years overdue, never warned (or the warning is still pending or failed: not sent).
    expect(planPointsExpiry(movements, [], '2029-06-01', 12, SYD).expire).toBe(0);
    // Sent 13 nights ago: not yet; 14: yes.
    expect(planPointsExpiry(movements, [{ month: '2029-06', sentNight: '2029-05-19' }], '2029-06-01', 12, SYD).expire).toBe(0);
    expect(planPointsExpiry(movements, [{ month: '2029-05', sentNight: '2029-05-18' }], '2029-06-01', 12, SYD).expire).toBe(50);
    // A warning of an earlier month does not cover a later batch.
    expect(batchExpiryNight('2027-01', [{ month: '2026-12', sentNight: '2026-12-18' }])).toBeNull();
  });

  it('when switched on with a backlog, warns first in one e-mail and expires 14 nights later', () => {
    const movements = [
      row(50, '2026-01-10T10:00:00Z'),
      row(30, '2026-05-01T10:00:00Z'),
      row(-60, '2026-07-01T10:00:00Z'),
      row(40, '2026-06-20T10:00:00Z'),
      row(25, '2026-06-28T10:00:00Z'),
    ];
    // Switched on on 10 June 2027: May's batch is overdue (20 left), June's is due at the end of the month.
    expect(planPointsExpiry(movements, [], '2027-06-10', 12, SYD)).toEqual({ expire: 0, warn: '2027-06' });
    expect(pointsExpiryNotice(movements, [], '2027-06', '2027-06-10', 12, SYD)).toEqual([
      { lastNight: '2027-06-23', points: 20 },
      { lastNight: '2027-06-30', points: 65 },
    ]);
    const result = simulate(movements, '2027-06-10', '2027-07-20');
    expect(result.mails.map((mail) => mail.night)).toEqual(['2027-06-10']);
    expect(result.expiries).toEqual([
      { night: '2027-06-24', points: 20 },
      { night: '2027-07-01', points: 65 },
    ]);
    expectEveryExpiryNoticed(result);
  });

  it('postpones the expiry of a batch whose warning went out late to 14 nights after it', () => {
    const movements = [row(30, '2026-07-05T10:00:00Z')];
    // The job did not run from 18 to 26 July 2027: warned on the 27th instead of the 18th.
    const result = simulate(movements, '2027-07-01', '2027-08-31', {
      skip: (night) => night >= '2027-07-18' && night <= '2027-07-26',
    });
    expect(result.mails).toEqual([{ night: '2027-07-27', lines: [{ lastNight: '2027-08-09', points: 30 }] }]);
    expect(result.expiries).toEqual([{ night: '2027-08-10', points: 30 }]);
    expectEveryExpiryNoticed(result);
    // Missed into the next month: the overdue batch goes in that month's one e-mail.
    const late = simulate([row(30, '2026-07-05T10:00:00Z'), row(5, '2026-08-05T10:00:00Z')], '2027-07-01', '2027-09-30', {
      skip: (night) => night >= '2027-07-18' && night <= '2027-08-03',
    });
    expect(late.mails).toEqual([
      {
        night: '2027-08-04',
        lines: [
          { lastNight: '2027-08-17', points: 30 },
          { lastNight: '2027-08-31', points: 5 },
        ],
      },
    ]);
    expect(late.expiries).toEqual([
      { night: '2027-08-18', points: 30 },
      { night: '2027-09-01', points: 5 },
    ]);
    expectEveryExpiryNoticed(late);
  });

  it('sends a member who earns every night one e-mail a month', () => {
    const start: LedgerMovement[] = [];
    for (let night = '2026-03-01'; night < '2027-03-01'; night = addDays(night, 1)) start.push(row(1, during(night)));
    const result = simulate(start, '2027-03-01', '2027-06-30', { earnEachNight: 1 });
    expect(result.mails.map((mail) => [mail.night, mail.lines])).toEqual([
      ['2027-03-18', [{ lastNight: '2027-03-31', points: 31 }]],
      ['2027-04-17', [{ lastNight: '2027-04-30', points: 30 }]],
      ['2027-05-18', [{ lastNight: '2027-05-31', points: 31 }]],
      ['2027-06-17', [{ lastNight: '2027-06-30', points: 30 }]],
    ]);
    expect(result.expiries).toEqual([
      { night: '2027-04-01', points: 31 },
      { night: '2027-05-01', points: 30 },
      { night: '2027-06-01', points: 31 },
    ]);
    expectAtMostOneMailAMonth(result);
    expectEveryExpiryNoticed(result);
  });

  it("sends no second e-mail in a month, even when last month's went out late", () => {
    const movements = [row(30, '2026-07-05T10:00:00Z'), row(5, '2026-08-05T10:00:00Z')];
    // July's warning went out on 1 August; August's batch waits for September's e-mail.
    const sent = [{ month: '2027-07', sentNight: '2027-08-01' }];
    expect(planPointsExpiry(movements, sent, '2027-08-18', 12, SYD).warn).toBeNull();
    expect(pointsExpiryNotice(movements, sent, '2027-08', '2027-08-18', 12, SYD)).toEqual([]);
    // July's 30 go on 1 September (14 nights after its e-mail had passed); August's 5 get September's e-mail.
    expect(planPointsExpiry(movements, sent, '2027-09-01', 12, SYD)).toEqual({ expire: 30, warn: '2027-09' });
    const result = simulate(movements, '2027-08-01', '2027-10-31');
    expectAtMostOneMailAMonth(result);
    expectEveryExpiryNoticed(result);
  });

  it('sends nothing to a member with nothing to lose', () => {
    const spent = [row(30, '2026-07-05T10:00:00Z'), row(-30, '2026-09-01T10:00:00Z')];
    expect(simulate(spent, '2027-07-01', '2027-09-30')).toMatchObject({ mails: [], expiries: [] });
    expect(planPointsExpiry([row(30, '2027-01-05T10:00:00Z')], [], '2027-07-20', 12, SYD)).toEqual({ expire: 0, warn: null });
  });
});
