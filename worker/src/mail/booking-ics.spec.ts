import ICAL from 'ical.js';
import { bookingIcs } from './booking-ics.js';

/*
 * The attachment read back with ical.js, a well-kept RFC 5545 parser: what a calendar app would
 * show. Sydney's clocks go back at 03:00 on Sunday 5 April 2026 (AEDT UTC+11 → AEST UTC+10) and
 * forward at 02:00 on Sunday 4 October 2026.
 */
const SYD = 'Australia/Sydney';
const stamp = new Date('2026-03-01T00:00:00Z');
const cancelUrl = 'https://nocturne.example/bookings/cancel?id=x&token=y';

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, event: new ICAL.Event(vevent) };
}

/** The wall-clock time a calendar in Sydney shows for an instant. */
const sydneyClock = (date: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: SYD,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);

describe('the booking .ics', () => {
  it('parses as one confirmed event, starting at the booked slot in venue time across the change back from daylight saving', () => {
    // The night of Saturday 4 April: 23:00 is still AEDT; closing at 04:00 on the 5th is AEST.
    const ics = bookingIcs(
      { id: '6b1f0a52-1111-4a2b-9c3d-5e6f7a8b9c0d', date: '2026-04-04', time: '23:00', guests: '4', service: 'vip-room' },
      { timeZone: SYD, stamp, cancelUrl },
    );
    const { calendar, event } = parse(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe('booking-6b1f0a52-1111-4a2b-9c3d-5e6f7a8b9c0d@nocturne');
    expect(event.summary).toBe('Nocturne: VIP room, 4 guests');
    expect(event.description).toContain(cancelUrl);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-04-04T12:00:00.000Z');
    expect(sydneyClock(event.startDate.toJSDate())).toBe('04/04/2026, 23:00');
    expect(sydneyClock(event.endDate.toJSDate())).toBe('05/04/2026, 04:00');
    // Five hours of wall clock, six real ones: the clocks went back an hour in between.
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(6 * 3600_000);
  });

  it('puts an after-midnight slot on the next morning, across the change to daylight saving', () => {
    // The night of Saturday 3 October: 01:00 on the 4th is AEST (UTC+10), closing at 04:00 AEDT (UTC+11).
    const { event } = parse(
      bookingIcs(
        { id: '6b1f0a52-2222-4a2b-9c3d-5e6f7a8b9c0d', date: '2026-10-03', time: '01:00', guests: '1', service: 'birthday' },
        { timeZone: SYD, stamp, cancelUrl },
      ),
    );
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-10-03T15:00:00.000Z');
    expect(sydneyClock(event.startDate.toJSDate())).toBe('04/10/2026, 01:00');
    expect(sydneyClock(event.endDate.toJSDate())).toBe('04/10/2026, 04:00');
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(2 * 3600_000);
    expect(event.summary).toBe('Nocturne: Birthday, 1 guest');
  });
});
