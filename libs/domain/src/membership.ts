import { addDays, isIsoDate, utcDate, wallClockAt } from './club-night.js';

/*
 * The sign-up rules a venue must enforce: the member's age on the venue's calendar,
 * the birthday week (once a year), and who may refer whom. Pure: dates are YYYY-MM-DD strings,
 * "today" is the venue's date of an instant (venueDate), never the server's.
 */

/** The adult age: a sign-up younger than this on the venue's date is refused by the server. */
export const MINIMUM_AGE = 18;

/** The oldest date of birth the form accepts (someone older than 120 is a typo). */
export const MAXIMUM_AGE = 120;

/**
 * The wording of the marketing consent, versioned: the member's consent is stored with the
 * version they saw, so a later change of wording does not pretend they agreed to it.
 */
export const MARKETING_CONSENT_VERSION = '2026-11-26';
export const MARKETING_CONSENT_WORDING =
  'Send me news, events and offers from the venue by e-mail. I can unsubscribe at any time.';

/** The venue's calendar date (YYYY-MM-DD) at an instant. */
export function venueDate(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

function parts(date: string): [number, number, number] {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return date.split('-').map(Number) as [number, number, number];
}

/**
 * Completed years from `dateOfBirth` to `onDate`. Someone born on 29 February has a year more
 * on 1 March in a common year (their 28 February is still the day before the birthday).
 */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = parts(dateOfBirth);
  const [y, m, d] = parts(onDate);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

export type DateOfBirthProblem = 'invalid' | 'future' | 'under_age' | 'too_old';

/** Why a date of birth cannot sign up on the venue's `today`, or null when it can. */
export function dateOfBirthProblem(dateOfBirth: string, today: string): DateOfBirthProblem | null {
  if (!isIsoDate(dateOfBirth)) return 'invalid';
  if (dateOfBirth > today) return 'future';
  const age = ageOn(dateOfBirth, today);
  if (age < MINIMUM_AGE) return 'under_age';
  if (age > MAXIMUM_AGE) return 'too_old';
  return null;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The birthday as celebrated in `year`: 29 February falls on 28 February in a common year. */
export function birthdayIn(dateOfBirth: string, year: number): string {
  const [, m, d] = parts(dateOfBirth);
  const day = m === 2 && d === 29 && !isLeap(year) ? 28 : d;
  return `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Monday of the (ISO, Monday-to-Sunday) week holding `date`. */
export function mondayOf(date: string): string {
  const [y, m, d] = parts(date);
  const weekday = (utcDate(y, m - 1, d).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return addDays(date, -weekday);
}

/**
 * The birthday week holding `today`, if any: the Monday-to-Sunday week of the birthday as
 * celebrated that year. `year` is the birthday's year, the key of "once a year" — a birthday on
 * 31 December whose week runs into January is still that December's grant.
 */
export function birthdayWeekOf(
  dateOfBirth: string,
  today: string,
): { year: number; birthday: string; start: string; end: string } | null {
  const [y] = parts(today);
  for (const year of [y - 1, y, y + 1]) {
    const birthday = birthdayIn(dateOfBirth, year);
    const start = mondayOf(birthday);
    const end = addDays(start, 6);
    if (start <= today && today <= end) return { year, birthday, start, end };
  }
  return null;
}

/**
 * An e-mail address as one mailbox: lower-cased, the "+tag" dropped from the local part (most
 * providers deliver a+x@ to a@), and for Gmail the dots dropped too and googlemail.com read as
 * gmail.com (Gmail ignores dots). Used only to spot self-referrals, never to store or send.
 */
export function mailboxOf(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

export interface ReferralParty {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  dateOfBirth: string | null;
}

export type ReferralRefusal = 'self' | 'monthly_cap';

/**
 * Whether the referred person is the referrer: the same account, the same mailbox (mailboxOf),
 * or the same full name and date of birth (a second account for one person).
 */
export function isSelfReferral(referrer: ReferralParty, referred: ReferralParty): boolean {
  if (referrer.id === referred.id) return true;
  if (mailboxOf(referrer.email) === mailboxOf(referred.email)) return true;
  const name = (p: ReferralParty) => `${p.firstName} ${p.lastName ?? ''}`.trim().toLowerCase().replace(/\s+/g, ' ');
  return referrer.dateOfBirth !== null && referrer.dateOfBirth === referred.dateOfBirth && name(referrer) === name(referred);
}

/** The calendar month (YYYY-MM) of a venue date: the referral cap's period. */
export function referralMonthOf(venueDay: string): string {
  parts(venueDay);
  return venueDay.slice(0, 7);
}

/**
 * Whether one more referral may earn this month: `earnedThisMonth` counts the referrer's
 * referrals that earned in the same venue calendar month. A cap of 0 turns earning off.
 */
export function referralWithinCap(earnedThisMonth: number, monthlyCap: number): boolean {
  return earnedThisMonth < monthlyCap;
}

/** Referral codes: 10 characters from an alphabet without look-alikes (0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 10;

export function isReferralCode(value: string): boolean {
  return new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`).test(value);
}
