import { addDays, CLUB_NIGHT_ROLLOVER_HOUR, clubNightOf, instantAtWallClock, isIsoDate } from './club-night.js';

/*
 * Bookings are for club nights: the night of Friday 28 November runs from Friday evening until
 * 06:00 on Saturday, venue time (club-night.ts). Between midnight and 06:00 "tonight" is therefore
 * the night that began yesterday, and its after-midnight slots (00:00 to 02:00) are still to come.
 * Pure functions of (the night, the slot, now, the venue's zone), shared by the api and the web.
 */

/** Every time the booking form can ever offer, in the order of a night (the contract's enum). */
export const BOOKING_TIMES = ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00'] as const;
export type BookingTime = (typeof BOOKING_TIMES)[number];

/**
 * The venue's opening hours, by the weekday of the night's evening (0 = Sunday, as getUTCDay):
 * the hour the doors open, the hour the night closes the next morning, and the last hour a booking
 * may start (two hours before closing).
 */
export const VENUE_OPENING_HOURS = {
  opensAtHour: [20, 20, 20, 20, 19, 19, 19],
  closesAtHour: 4,
  lastBookingHour: 2,
} as const;
export type OpeningHours = {
  opensAtHour: readonly number[];
  closesAtHour: number;
  lastBookingHour: number;
};

/** Bookings open this many months ahead of the night (counted from tonight's night). */
export const BOOKING_MONTHS_AHEAD = 6;

const pad = (value: number) => String(value).padStart(2, '0');
const slotHour = (time: string) => Number(time.slice(0, 2));
/** An hour counted from the night's evening: 01:00 is the night's 25th hour. */
const nightHour = (hour: number) => (hour < CLUB_NIGHT_ROLLOVER_HOUR ? hour + 24 : hour);

/** 0 = Sunday: the weekday of a night's evening (a 'YYYY-MM-DD' calendar date). */
export function weekdayOf(night: string): number {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The times a night can be booked for, from its doors opening to the last booking hour, in the night's order. */
export function bookingSlots(night: string, hours: OpeningHours = VENUE_OPENING_HOURS): BookingTime[] {
  const opensAt = hours.opensAtHour[weekdayOf(night)]!;
  return BOOKING_TIMES.filter((time) => {
    const hour = nightHour(slotHour(time));
    return hour >= opensAt && hour <= nightHour(hours.lastBookingHour);
  });
}

/** The instant a slot of a night begins: 01:00 of the night of the 28th is 01:00 on the 29th, venue time. */
export function slotStart(night: string, time: string, timeZone: string): Date {
  const hour = slotHour(time);
  const calendarDate = hour < CLUB_NIGHT_ROLLOVER_HOUR ? addDays(night, 1) : night;
  return instantAtWallClock(calendarDate, hour, timeZone);
}

/** The slots of a night still to come at `now` (all of them for a later night, none for an ended one). */
export function openSlots(night: string, now: Date, timeZone: string, hours: OpeningHours = VENUE_OPENING_HOURS) {
  return bookingSlots(night, hours).filter((time) => slotStart(night, time, timeZone).getTime() > now.getTime());
}

/** The night `months` calendar months after `night`, kept to the month's last day (31 Aug + 6 → 28/29 Feb). */
export function addMonths(night: string, months: number): string {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return `${target.getUTCFullYear()}-${pad(target.getUTCMonth() + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** The first and last nights that can be booked at `now`: tonight's night, and 6 months after it. */
export function bookableNights(now: Date, timeZone: string): { first: string; last: string } {
  const first = clubNightOf(now, timeZone);
  return { first, last: addMonths(first, BOOKING_MONTHS_AHEAD) };
}

export type BookingProblem =
  | { field: 'date'; reason: 'missing' | 'malformed' }
  | { field: 'date'; reason: 'ended'; night: string; tonight: string }
  | { field: 'date'; reason: 'too-far'; night: string; last: string }
  | { field: 'time'; reason: 'missing' }
  | { field: 'time'; reason: 'closed'; night: string; time: string; slots: BookingTime[] }
  | { field: 'time'; reason: 'begun'; night: string; time: string; remaining: BookingTime[] };

/**
 * What is wrong with a booking's night and time at `now`, or nothing: the night must be given,
 * not have ended (tonight is the night that began before 06:00), be at most 6 months ahead, and the
 * time must be one of that night's slots that has not begun. One problem per field.
 */
export function bookingTimeProblems(
  input: { date?: string | null | undefined; time?: string | null | undefined },
  now: Date,
  timeZone: string,
  hours: OpeningHours = VENUE_OPENING_HOURS,
): BookingProblem[] {
  const problems: BookingProblem[] = [];
  const date = input.date ?? '';
  const time = input.time ?? '';
  if (!date) problems.push({ field: 'date', reason: 'missing' });
  else if (!isIsoDate(date)) problems.push({ field: 'date', reason: 'malformed' });
  if (!time) problems.push({ field: 'time', reason: 'missing' });
  if (!date || !isIsoDate(date)) return problems;

  const { first: tonight, last } = bookableNights(now, timeZone);
  if (date < tonight) return [...problems, { field: 'date', reason: 'ended', night: date, tonight }];
  if (date > last) return [...problems, { field: 'date', reason: 'too-far', night: date, last }];
  if (!time) return problems;
  const slots = bookingSlots(date, hours);
  if (!slots.includes(time as BookingTime)) {
    return [...problems, { field: 'time', reason: 'closed', night: date, time, slots }];
  }
  if (slotStart(date, time, timeZone).getTime() <= now.getTime()) {
    return [...problems, { field: 'time', reason: 'begun', night: date, time, remaining: openSlots(date, now, timeZone, hours) }];
  }
  return problems;
}

/**
 * Whether a guest may still cancel a booking through the link in their e-mail: while it holds a
 * place (requested or confirmed) and its time has not come (for a booking with no time, until its
 * night ends; with no night, while it holds a place).
 */
export function guestCanCancel(
  booking: { status: string; date: string | null; time: string | null },
  now: Date,
  timeZone: string,
): boolean {
  if (booking.status !== 'requested' && booking.status !== 'confirmed') return false;
  if (!booking.date) return true;
  const until = booking.time
    ? slotStart(booking.date, booking.time, timeZone)
    : instantAtWallClock(addDays(booking.date, 1), CLUB_NIGHT_ROLLOVER_HOUR, timeZone);
  return now.getTime() < until.getTime();
}

/** The hour (venue time) of the night's afternoon from which its guests are reminded. */
export const BOOKING_REMINDER_HOUR = 14;

/**
 * The night whose guests are due their reminder at `now`: tonight's, from 14:00 on its evening's
 * date until the night ends (before 06:00 that is the night that began yesterday); null in the
 * morning and early afternoon, when tonight's reminders are not due yet.
 */
export function reminderNight(now: Date, timeZone: string): string | null {
  const night = clubNightOf(now, timeZone);
  return now.getTime() >= instantAtWallClock(night, BOOKING_REMINDER_HOUR, timeZone).getTime() ? night : null;
}
