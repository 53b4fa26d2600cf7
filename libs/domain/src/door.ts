import { clubNightOf, utcDate } from './club-night.js';
import type { CouponType } from './coupons.js';
import { dateTimeFormat } from './intl-formats.js';

/*
 * What door mode says, worded once (PRODUCT.md §8): a verdict fills a phone's screen in a queue at
 * 23:30, so it is a few words a staffer can read at arm's length, and every time is venue time on
 * a 24-hour clock, as everywhere staff look. The api sends these; the web shows them as sent.
 */

export const DOOR_VALID = 'Valid';
export const DOOR_PAUSED = 'Paused';
export const DOOR_WITHDRAWN = 'No longer offered';
export const DOOR_MEMBER_DISABLED = 'Member account disabled';
export const DOOR_NOT_NOCTURNE = 'Not a Nocturne code';
export const DOOR_TEMPLATE_CODE = "That is the coupon's name: ask for the code under the QR";
export const DOOR_ALREADY_HERE = 'Already here tonight';
/** A card holder's coupon is redeemed by naming it: the card alone does not say which. */
export const DOOR_CHOOSE_COUPON = "Choose one of the member's coupons to redeem";
export const DOOR_NOT_CARD_HOLDERS = "That coupon is not this member's";
export const DOOR_UNDO_OWN_ONLY = 'Door staff can undo only their own redemptions';

/** Who redeemed a coupon, as the refusal names them: the staffer's first name, or the member in the app. */
export type RedeemedByName = { by: 'staff'; firstName: string | null } | { by: 'member' };

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function cached(formats: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat) {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** "23:41": the venue's wall clock, 24-hour. */
export function venueClock(instant: Date, timeZone: string): string {
  return cached(clockFormats, timeZone, () =>
    dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(instant);
}

/** A club night's date (YYYY-MM-DD) in words: "28 Nov", "Fri 28 Nov" with the weekday, the year only when asked. */
export function nightInWords(night: string, options: { weekday?: boolean; year?: boolean } = {}): string {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  const key = `${options.weekday ? 'w' : ''}${options.year ? 'y' : ''}`;
  const format = cached(dayFormats, key, () =>
    dateTimeFormat('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      ...(options.weekday ? { weekday: 'short' } : {}),
      ...(options.year ? { year: 'numeric' } : {}),
    }),
  );
  return format.format(utcDate(year, month - 1, day));
}

function redeemer(by: RedeemedByName): string {
  return by.by === 'member' ? 'the member' : (by.firstName ?? 'staff');
}

/**
 * "Already used at 23:41 (Sam)" for a redemption on tonight's club night; an older one also names
 * its night ("Already used on 21 Nov at 23:41 (Sam)"), so a screenshot from last week is not
 * mistaken for a double scan a minute ago.
 */
export function alreadyUsedMessage(redeemedAt: Date, by: RedeemedByName, now: Date, timeZone: string): string {
  const night = clubNightOf(redeemedAt, timeZone);
  const tonight = clubNightOf(now, timeZone);
  const when = night === tonight ? '' : ` on ${nightInWords(night, { year: night.slice(0, 4) !== tonight.slice(0, 4) })}`;
  return `Already used${when} at ${venueClock(redeemedAt, timeZone)} (${redeemer(by)})`;
}

/**
 * "Expired on 28 Nov": the last club night the coupon was good for. `validUntil` is the first
 * instant that is too late (the 06:00 that ends the chosen night), so the night is the one the
 * instant before it belongs to.
 */
export function expiredMessage(validUntil: Date, now: Date, timeZone: string): string {
  const night = clubNightOf(new Date(validUntil.getTime() - 1), timeZone);
  const sameYear = night.slice(0, 4) === clubNightOf(now, timeZone).slice(0, 4);
  return `Expired on ${nightInWords(night, { year: !sameYear })}`;
}

/** The answer to a card's first scan of the night. */
export function visitRecordedMessage(firstName: string, points: number): string {
  if (points <= 0) return `Welcome, ${firstName}: visit recorded`;
  return `Welcome, ${firstName}: visit recorded, +${points} ${points === 1 ? 'point' : 'points'}`;
}

/** A redemption at the door, as the staffer sees it confirmed. */
export function redeemedMessage(couponTitle: string, firstName: string): string {
  return `Redeemed: ${couponTitle} for ${firstName}`;
}

/** The member's history line of a visit's points: "Visit: Fri 28 Nov". */
export function visitDescription(night: string): string {
  return `Visit: ${nightInWords(night, { weekday: true })}`;
}

/**
 * A coupon's value with its unit, the one wording members and staff read everywhere (door mode,
 * Coupons, My Coupons, admin Coupons, a member's record): "$20 off", "20% off", "Free drink",
 * "VIP upgrade".
 */
export function couponValueLabel(type: CouponType, value: number | null): string {
  switch (type) {
    case 'percentage':
      return value === null ? 'Discount' : `${value}% off`;
    case 'fixed_amount':
      return value === null ? 'Discount' : `$${value} off`;
    case 'free_drink':
      return 'Free drink';
    case 'vip_upgrade':
      return 'VIP upgrade';
  }
}

const COUPON_TYPE_LABELS: Record<CouponType, string> = {
  percentage: 'Percentage',
  fixed_amount: 'Fixed amount',
  free_drink: 'Free drink',
  vip_upgrade: 'VIP upgrade',
};

/** A coupon type in words, for the admin's type list and coupon rows: "VIP upgrade", not "Vip Upgrade". */
export function couponTypeLabel(type: CouponType): string {
  return COUPON_TYPE_LABELS[type];
}
