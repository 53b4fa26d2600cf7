import {
  addMonths,
  bookableNights,
  bookingSlots,
  bookingTimeProblems,
  guestCanCancel,
  openSlots,
  reminderNight,
  slotStart,
} from './booking-night.js';
import { clubNightOf } from './club-night.js';
import { bookingProblemMessage, venueDateTime } from './messages.js';

const SYD = 'Australia/Sydney';
// Sydney is UTC+11 in November (daylight saving): 00:00 on Thursday 26 Nov is 13:00 UTC on the 25th.
const syd = (wall: string) => new Date(new Date(`${wall}Z`).getTime() - 11 * 3600_000);

describe('tonight, between midnight and the end of the business day', () => {
  it("is the night that began yesterday from 00:00 to 05:59, and the new day's from 06:00", () => {
    expect(clubNightOf(syd('2026-11-25T23:59:59'), SYD)).toBe('2026-11-25');
    expect(clubNightOf(syd('2026-11-26T00:00:00'), SYD)).toBe('2026-11-25');
    expect(clubNightOf(syd('2026-11-26T05:59:59'), SYD)).toBe('2026-11-25');
    expect(clubNightOf(syd('2026-11-26T06:00:00'), SYD)).toBe('2026-11-26');
  });

  it('keeps to venue time across the change back from daylight saving (5 Apr 2026, 03:00 → 02:00)', () => {
    // 05:59 AEST (UTC+10) on Sunday 5 April is still Saturday's night; 00:00 AEDT (UTC+11) was too.
    expect(clubNightOf(new Date('2026-04-04T13:00:00Z'), SYD)).toBe('2026-04-04');
    expect(clubNightOf(new Date('2026-04-04T19:59:00Z'), SYD)).toBe('2026-04-04');
    expect(clubNightOf(new Date('2026-04-04T20:00:00Z'), SYD)).toBe('2026-04-05');
  });
});

describe('booking slots', () => {
  it("come from the opening hours of the night's weekday, after-midnight slots included", () => {
    // Wednesday: doors at 20:00; Friday: at 19:00. Last booking 02:00 the next morning.
    expect(bookingSlots('2026-11-25')).toEqual(['20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00']);
    expect(bookingSlots('2026-11-27')).toEqual(['19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00']);
  });

  it('begin on the next calendar day after midnight, in venue time across a DST change', () => {
    expect(slotStart('2026-11-25', '22:00', SYD).toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(slotStart('2026-11-25', '01:00', SYD).toISOString()).toBe('2026-11-25T14:00:00.000Z');
    // Saturday 4 April 2026: 23:00 AEDT (UTC+11); 01:00 on the 5th is still AEDT.
    expect(slotStart('2026-04-04', '23:00', SYD).toISOString()).toBe('2026-04-04T12:00:00.000Z');
    expect(slotStart('2026-04-04', '01:00', SYD).toISOString()).toBe('2026-04-04T14:00:00.000Z');
    // Saturday 3 October 2026: 22:00 AEST (UTC+10), 01:00 on the 4th AEST, 03:00 AEDT after the jump.
    expect(slotStart('2026-10-03', '22:00', SYD).toISOString()).toBe('2026-10-03T12:00:00.000Z');
    expect(slotStart('2026-10-03', '01:00', SYD).toISOString()).toBe('2026-10-03T15:00:00.000Z');
  });

  it("at 01:30 are tonight's remaining ones, of the night that began yesterday", () => {
    const now = syd('2026-11-26T01:30:00');
    expect(openSlots('2026-11-25', now, SYD)).toEqual(['02:00']);
    expect(openSlots('2026-11-26', now, SYD)).toEqual(bookingSlots('2026-11-26'));
    expect(openSlots('2026-11-24', now, SYD)).toEqual([]);
  });
});

describe('the nights that can be booked', () => {
  it('run from tonight to 6 months after it, kept to the end of a short month', () => {
    expect(bookableNights(syd('2026-11-26T01:30:00'), SYD)).toEqual({ first: '2026-11-25', last: '2027-05-25' });
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('bookingTimeProblems', () => {
  const now = syd('2026-11-26T01:30:00');
  const problems = (date: string | undefined, time: string | undefined) =>
    bookingTimeProblems({ date, time }, now, SYD).map((problem) => [problem.field, bookingProblemMessage(problem)]);

  it("accepts tonight's remaining slot at 01:30, and a later night's", () => {
    expect(problems('2026-11-25', '02:00')).toEqual([]);
    expect(problems('2026-11-26', '22:00')).toEqual([]);
    expect(problems('2027-05-25', '20:00')).toEqual([]);
  });

  it('wants a night and a time', () => {
    expect(problems(undefined, undefined)).toEqual([
      ['date', 'Please choose the night of your booking.'],
      ['time', 'Please choose a time.'],
    ]);
    expect(problems('2026-11-26', undefined)).toEqual([['time', 'Please choose a time.']]);
  });

  it('refuses a night that has ended, naming it and tonight', () => {
    expect(problems('2026-11-24', '22:00')).toEqual([
      [
        'date',
        'The night of Tuesday 24 November 2026 has ended. Tonight is the night of Wednesday 25 November 2026; please choose it or a later night.',
      ],
    ]);
  });

  it('refuses a slot of tonight that has begun, naming the times left', () => {
    expect(problems('2026-11-25', '23:00')).toEqual([
      ['time', '23:00 tonight has already begun; the only time left tonight is 02:00.'],
    ]);
    expect(problems('2026-11-26', '19:00')).toEqual([]);
    const earlier = syd('2026-11-25T22:10:00');
    expect(bookingTimeProblems({ date: '2026-11-25', time: '22:00' }, earlier, SYD).map(bookingProblemMessage)).toEqual([
      '22:00 tonight has already begun; the times left tonight are 23:00 to 02:00.',
    ]);
    expect(bookingTimeProblems({ date: '2026-11-25', time: '02:00' }, syd('2026-11-26T02:30:00'), SYD)).toEqual([
      { field: 'time', reason: 'begun', night: '2026-11-25', time: '02:00', remaining: [] },
    ]);
  });

  it("refuses a time outside the night's opening hours, and a night more than 6 months ahead", () => {
    expect(problems('2026-11-25', '19:00')).toEqual([
      ['time', 'On Wednesday nights we take bookings from 20:00 to 02:00; please choose one of those times.'],
    ]);
    expect(problems('2027-05-26', '20:00')).toEqual([
      ['date', 'Bookings open 6 months ahead: the last night you can book now is Tuesday 25 May 2027.'],
    ]);
    expect(problems('2029-01-01', '20:00')[0]![0]).toBe('date');
  });
});

describe('guestCanCancel', () => {
  const booking = { status: 'confirmed', date: '2026-11-25', time: '01:00' };
  it('lets a guest cancel until the booked time begins, after midnight included', () => {
    expect(guestCanCancel(booking, syd('2026-11-26T00:59:00'), SYD)).toBe(true);
    expect(guestCanCancel(booking, syd('2026-11-26T01:00:00'), SYD)).toBe(false);
    expect(guestCanCancel({ ...booking, time: null }, syd('2026-11-26T05:59:00'), SYD)).toBe(true);
    expect(guestCanCancel({ ...booking, time: null }, syd('2026-11-26T06:00:00'), SYD)).toBe(false);
  });

  it('refuses a booking declined or already cancelled', () => {
    expect(guestCanCancel({ ...booking, status: 'declined' }, syd('2026-11-20T12:00:00'), SYD)).toBe(false);
    expect(guestCanCancel({ ...booking, status: 'cancelled' }, syd('2026-11-20T12:00:00'), SYD)).toBe(false);
    expect(guestCanCancel({ ...booking, status: 'requested' }, syd('2026-11-20T12:00:00'), SYD)).toBe(true);
  });
});

describe('reminderNight', () => {
  it("is tonight's from 14:00 venue time until the night ends, and none in the morning", () => {
    expect(reminderNight(syd('2026-11-26T13:59:00'), SYD)).toBeNull();
    expect(reminderNight(syd('2026-11-26T14:00:00'), SYD)).toBe('2026-11-26');
    expect(reminderNight(syd('2026-11-27T01:30:00'), SYD)).toBe('2026-11-26');
    expect(reminderNight(syd('2026-11-27T06:00:00'), SYD)).toBeNull();
  });

  it('keeps to 14:00 venue time on the day the clocks change', () => {
    // Sunday 5 April 2026: AEST (UTC+10) from 03:00, so 14:00 is 04:00 UTC.
    expect(reminderNight(new Date('2026-04-05T03:59:00Z'), SYD)).toBeNull();
    expect(reminderNight(new Date('2026-04-05T04:00:00Z'), SYD)).toBe('2026-04-05');
  });
});

describe('venueDateTime', () => {
  it('gives an instant in venue time on a 24-hour clock, across a DST change', () => {
    expect(venueDateTime(syd('2026-11-26T01:30:00'), SYD)).toBe('Thursday 26 November 2026, 01:30 (Australia/Sydney)');
    expect(venueDateTime(new Date('2026-04-05T12:05:00Z'), SYD)).toBe('Sunday 5 April 2026, 22:05 (Australia/Sydney)');
    expect(venueDateTime(new Date('2026-04-04T12:05:00Z'), SYD)).toBe('Saturday 4 April 2026, 23:05 (Australia/Sydney)');
  });
});
