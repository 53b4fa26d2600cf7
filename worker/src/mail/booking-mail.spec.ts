import ICAL from 'ical.js';
import { bookingIcs } from './booking-ics.js';
import { bookingDecisionMail, bookingReminderMail, bookingSummary } from './booking-mail.js';

const booking = {
  name: 'Jordan Lee',
  service: 'birthday',
  date: '2026-11-27',
  time: '01:00',
  guests: '6+',
  status_note: null as string | null,
};

describe('booking e-mails', () => {
  it('say when as people do: the night by its evening, an after-midnight slot with the morning it falls on', () => {
    expect(bookingSummary(booking)).toEqual([
      'Service: Birthday',
      'When: Friday night 27 November 2026, at 01:00 (Saturday morning)',
      'Guests: 6+',
    ]);
    expect(bookingSummary({ ...booking, time: '22:00' })[1]).toBe('When: Friday night 27 November 2026, at 22:00');
    expect(bookingSummary({ ...booking, date: '2026-11-28', time: '00:00' })[1]).toBe(
      'When: Saturday night 28 November 2026, at 00:00 (Sunday morning)',
    );
    expect(bookingSummary({ ...booking, date: '2026-11-29', time: '02:00' })[1]).toBe(
      'When: Sunday night 29 November 2026, at 02:00 (Monday morning)',
    );
    expect(bookingSummary({ ...booking, time: null })[1]).toBe('When: Friday night 27 November 2026, time not given');
    expect(bookingSummary({ ...booking, date: null, time: '22:00' })[1]).toBe('When: night not given, at 22:00');
    expect(bookingSummary({ ...booking, date: null, time: null })[1]).toBe('When: not given');
  });

  it("carry staff's note to the guest as typed, under its own heading", () => {
    const note = 'Booth 3 is yours.\nAsk for <b>Sam</b> & bring ID.';
    const mail = bookingDecisionMail({ ...booking, status_note: note }, 'confirmed');
    expect(mail.subject).toBe('Your booking is confirmed - Nocturne');
    expect(mail.text).toContain(`A note from the venue:\n${note}\n`);
    expect(mail).not.toHaveProperty('html');
  });

  it('say no more than the decision when there is no note', () => {
    const mail = bookingDecisionMail(booking, 'declined');
    expect(mail.subject).toBe('About your booking request - Nocturne');
    expect(mail.text).toContain('we cannot take your booking this time');
    expect(mail.text).not.toContain('A note from the venue');
  });

  it('carry the link to cancel in the confirmation and the reminder, not in a decline', () => {
    const link = 'https://nocturne.example/bookings/cancel?id=1&token=t';
    expect(bookingDecisionMail(booking, 'confirmed', link).text).toContain(`Cancel your booking here: ${link}`);
    expect(bookingDecisionMail(booking, 'declined', link).text).not.toContain(link);
    const reminder = bookingReminderMail(booking, link);
    expect(reminder.subject).toBe('See you tonight - Nocturne');
    expect(reminder.text).toContain('When: Friday night 27 November 2026, at 01:00 (Saturday morning)');
    expect(reminder.text).toContain(`Cancel your booking here: ${link}`);
  });
});

/*
 * The confirmation's words and its calendar entry name one instant. Sydney's clocks go forward at
 * 02:00 on Sunday 4 October 2026 (AEST UTC+10 to AEDT UTC+11), in the middle of Saturday's night.
 */
describe("the confirmation's words and its .ics", () => {
  const SYD = 'Australia/Sydney';
  const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

  /** What a calendar in Sydney shows for an instant: its weekday, date and time. */
  const sydney = (instant: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-AU', {
        timeZone: SYD,
        hourCycle: 'h23',
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    return {
      weekday: parts['weekday'],
      day: Number(parts['day']),
      month: parts['month'],
      time: `${parts['hour']}:${parts['minute']}`,
    };
  };

  /** The calendar day and time a guest reads in "Saturday night 3 October 2026, at 01:00 (Sunday morning)". */
  const readWhen = (text: string) => {
    const when = /When: (\w+) night (\d+) (\w+) (\d{4}), at (\d\d:\d\d)(?: \((\w+) morning\))?/.exec(text);
    if (!when) throw new Error(`no night and time in: ${text}`);
    const [, nightWeekday, day, month, year, time, morning] = when;
    const evening = new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day)));
    expect(WEEKDAYS[evening.getUTCDay()]).toBe(nightWeekday);
    const calendarDay = morning ? new Date(evening.getTime() + 86_400_000) : evening;
    if (morning) expect(WEEKDAYS[calendarDay.getUTCDay()]).toBe(morning);
    return {
      weekday: WEEKDAYS[calendarDay.getUTCDay()],
      day: calendarDay.getUTCDate(),
      month: MONTHS[calendarDay.getUTCMonth()],
      time,
    };
  };

  it.each([
    ['01:00, after the clocks went forward', '01:00'],
    ['00:00', '00:00'],
    ['23:00, before midnight', '23:00'],
  ])('name the instant the calendar entry starts for Saturday night 3 October at %s', (_, time) => {
    const confirmed = { ...booking, date: '2026-10-03', time, guests: '4', service: 'vip-room' };
    const cancelUrl = 'https://nocturne.example/bookings/cancel?id=x&token=y';
    const mail = bookingDecisionMail(confirmed, 'confirmed', cancelUrl);
    const ics = bookingIcs(
      { id: '6b1f0a52-3333-4a2b-9c3d-5e6f7a8b9c0d', ...confirmed },
      { timeZone: SYD, stamp: new Date(), cancelUrl },
    );
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    const start = new ICAL.Event(vevent).startDate.toJSDate();
    expect(readWhen(mail.text)).toEqual(sydney(start));
  });
});
