import {
  eventNights,
  eventScheduleProblem,
  eventSlug,
  eventTimesProblem,
  guestListDoorWords,
  isoInZone,
  nightInstant,
  noShowRuleWords,
  priceLabel,
  runsOn,
  signUpsPausedUntil,
} from './events.js';

const SYD = 'Australia/Sydney';
const LONDON = 'Europe/London';

describe('event times in the venue zone', () => {
  it('puts doors at 22:00 that evening and last entry at 03:00 the next morning', () => {
    // 5 Dec 2026 is summer in Sydney: UTC+11.
    expect(nightInstant('2026-12-05', '22:00', SYD).toISOString()).toBe('2026-12-05T11:00:00.000Z');
    expect(nightInstant('2026-12-05', '03:00', SYD).toISOString()).toBe('2026-12-05T16:00:00.000Z');
    expect(nightInstant('2026-12-05', '00:30', SYD).toISOString()).toBe('2026-12-05T13:30:00.000Z');
    // Winter: UTC+10.
    expect(nightInstant('2026-06-20', '22:00', SYD).toISOString()).toBe('2026-06-20T12:00:00.000Z');
  });

  it('takes the offset of the morning after across the night clocks go forward', () => {
    // Sydney, Sat 3 Oct 2026: doors 22:00 AEST (+10); 02:00 → 03:00 on the 4th, so 04:00 is AEDT (+11).
    expect(nightInstant('2026-10-03', '22:00', SYD).toISOString()).toBe('2026-10-03T12:00:00.000Z');
    expect(nightInstant('2026-10-03', '04:00', SYD).toISOString()).toBe('2026-10-03T17:00:00.000Z');
    expect(nightInstant('2026-10-03', '01:59', SYD).toISOString()).toBe('2026-10-03T15:59:00.000Z');
    // The skipped 02:30 lands an hour later (03:30 AEDT).
    expect(nightInstant('2026-10-03', '02:30', SYD).toISOString()).toBe('2026-10-03T16:30:00.000Z');
  });

  it('takes the first 02:30 the night clocks go back', () => {
    // Sydney, Sat 4 Apr 2026: 03:00 AEDT → 02:00 AEST on the 5th.
    expect(nightInstant('2026-04-04', '02:30', SYD).toISOString()).toBe('2026-04-04T15:30:00.000Z');
    expect(nightInstant('2026-04-04', '04:00', SYD).toISOString()).toBe('2026-04-04T18:00:00.000Z');
    // London, Sat 24 Oct 2026: 02:00 BST → 01:00 GMT on the 25th.
    expect(nightInstant('2026-10-24', '23:00', LONDON).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(nightInstant('2026-10-24', '03:00', LONDON).toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('writes instants with the venue offset of that moment', () => {
    expect(isoInZone(nightInstant('2026-12-05', '22:00', SYD), SYD)).toBe('2026-12-05T22:00:00+11:00');
    expect(isoInZone(nightInstant('2026-06-20', '03:00', SYD), SYD)).toBe('2026-06-21T03:00:00+10:00');
    expect(isoInZone(new Date('2026-01-10T23:30:00Z'), 'America/New_York')).toBe('2026-01-10T18:30:00-05:00');
  });

  it('refuses a last entry before doors and free entry outside the night', () => {
    expect(eventTimesProblem({ doorsOpen: '22:00', lastEntry: '03:00' })).toBeNull();
    expect(eventTimesProblem({ doorsOpen: '22:00', lastEntry: '21:00' })?.path).toBe('lastEntry');
    expect(eventTimesProblem({ doorsOpen: '22:00', lastEntry: '22:00' })?.path).toBe('lastEntry');
    expect(eventTimesProblem({ doorsOpen: '23:00', lastEntry: '07:00' })?.path).toBe('lastEntry');
    expect(eventTimesProblem({ doorsOpen: '25:00', lastEntry: '03:00' })).toEqual({
      path: 'doorsOpen',
      message: 'Must be a time such as 22:00',
    });
    expect(eventTimesProblem({ doorsOpen: '22:00', lastEntry: '03:00', freeUntil: '23:30' })).toBeNull();
    expect(eventTimesProblem({ doorsOpen: '22:00', lastEntry: '03:00', freeUntil: '21:30' })?.path).toBe('freeUntil');
    expect(eventTimesProblem({ doorsOpen: '22:00', lastEntry: '03:00', listCutoff: '04:00' })?.path).toBe('listCutoff');
    expect(eventTimesProblem({ doorsOpen: '22:00', lastEntry: '03:00', listCutoff: '18:00' })).toBeNull();
  });
});

describe('weekly events', () => {
  const weekly = { night: '2026-12-04', repeatsWeekly: true, repeatUntil: null };

  it('lists the next nights from a given night, on the same weekday', () => {
    expect(eventNights(weekly, '2026-11-01', 3)).toEqual(['2026-12-04', '2026-12-11', '2026-12-18']);
    expect(eventNights(weekly, '2026-12-05', 2)).toEqual(['2026-12-11', '2026-12-18']);
    expect(eventNights(weekly, '2026-12-11', 2)).toEqual(['2026-12-11', '2026-12-18']);
    // Across a year end.
    expect(eventNights(weekly, '2026-12-26', 2)).toEqual(['2027-01-01', '2027-01-08']);
  });

  it('stops at the last night and keeps a one-off to its night', () => {
    expect(eventNights({ ...weekly, repeatUntil: '2026-12-18' }, '2026-12-01', 8)).toEqual([
      '2026-12-04',
      '2026-12-11',
      '2026-12-18',
    ]);
    expect(eventNights({ night: '2026-12-04', repeatsWeekly: false, repeatUntil: null }, '2026-12-01', 8)).toEqual([
      '2026-12-04',
    ]);
    expect(eventNights({ night: '2026-12-04', repeatsWeekly: false, repeatUntil: null }, '2026-12-05', 8)).toEqual([]);
  });

  it('knows the nights it runs on', () => {
    expect(runsOn(weekly, '2026-12-25')).toBe(true);
    expect(runsOn(weekly, '2026-12-26')).toBe(false);
    expect(runsOn(weekly, '2026-11-27')).toBe(false);
    expect(runsOn({ ...weekly, repeatUntil: '2026-12-18' }, '2026-12-25')).toBe(false);
  });

  it('refuses a last night before the first', () => {
    expect(eventScheduleProblem({ ...weekly, repeatUntil: '2026-11-27' })?.path).toBe('repeatUntil');
    expect(eventScheduleProblem({ night: '2026-12-04', repeatsWeekly: false, repeatUntil: '2026-12-18' })?.path).toBe(
      'repeatUntil',
    );
    expect(eventScheduleProblem({ night: '2026-02-30', repeatsWeekly: false, repeatUntil: null })?.path).toBe('night');
  });
});

describe('event words', () => {
  it('reads prices, slugs and the door line', () => {
    expect(priceLabel(2500, 'AUD')).toBe('$25');
    expect(priceLabel(1250, 'AUD')).toBe('$12.50');
    expect(priceLabel(0, 'AUD')).toBe('Free');
    expect(eventSlug('Deep House Fridays! w/ Señor DJ')).toBe('deep-house-fridays-w-senor-dj');
    expect(eventSlug('!!!')).toBe('night');
    const freeEnds = new Date('2026-12-05T12:30:00Z');
    expect(guestListDoorWords({ plusOnes: 2, freeUntil: '23:30' }, new Date('2026-12-05T12:00:00Z'), freeEnds)).toBe(
      'On the guest list +2 (free until 23:30)',
    );
    expect(guestListDoorWords({ plusOnes: 2, freeUntil: '23:30' }, new Date('2026-12-05T12:31:00Z'), freeEnds)).toBe(
      'On the list: free entry ended 23:30',
    );
    expect(guestListDoorWords({ plusOnes: 0, freeUntil: null }, new Date(), null)).toBe('On the guest list');
  });
});

describe('the no-show rule', () => {
  const rule = { noShows: 2, withinDays: 30, pauseDays: 14 };
  const day = (n: number) => new Date(Date.UTC(2026, 11, n, 19));

  it('says itself in words', () => {
    expect(noShowRuleWords(rule)).toBe('Two no-shows within 30 days pause your guest-list sign-ups for 14 days.');
    expect(noShowRuleWords({ noShows: 1, withinDays: 7, pauseDays: 7 })).toBe(
      'One no-show within 7 days pauses your guest-list sign-ups for 7 days.',
    );
  });

  it('pauses sign-ups after two no-shows within 30 days, for 14 days from the latest', () => {
    expect(signUpsPausedUntil([day(1)], rule, day(2))).toBeNull();
    expect(signUpsPausedUntil([day(1), day(10)], rule, day(11))?.toISOString()).toBe(
      new Date(Date.UTC(2026, 11, 24, 19)).toISOString(),
    );
    expect(signUpsPausedUntil([day(1), day(10)], rule, day(25))).toBeNull();
    expect(signUpsPausedUntil([new Date(Date.UTC(2026, 9, 1)), day(10)], rule, day(11))).toBeNull();
    expect(signUpsPausedUntil([day(1), day(10)], null, day(11))).toBeNull();
  });
});
