import type { CouponType } from './coupons.js';
import {
  alreadyUsedMessage,
  DOOR_ALREADY_HERE,
  DOOR_MEMBER_DISABLED,
  DOOR_NOT_NOCTURNE,
  DOOR_PAUSED,
  DOOR_VALID,
  DOOR_WITHDRAWN,
  expiredMessage,
  type RedeemedByName,
  venueClock,
  visitRecordedMessage,
} from './door.js';

/*
 * Door mode without a network (PRODUCT.md §6): tonight's door data kept on the device decides a
 * scan with the words the api would use, and what the door did is queued and sent later in one
 * batch. The rules here are shared by the api (which sends the data and takes the batch) and the
 * web (which decides offline), so both say the same thing about the same code.
 */

/** What a door queues while offline: a coupon's redemption, or a card's visit. */
export const DOOR_SYNC_KINDS = ['redeem', 'visit'] as const;
export type DoorSyncKind = (typeof DOOR_SYNC_KINDS)[number];

/** What became of a queued item: done, a conflict staff must read (used twice, member disabled since), or refused. */
export const DOOR_SYNC_OUTCOMES = ['done', 'conflict', 'refused'] as const;
export type DoorSyncOutcome = (typeof DOOR_SYNC_OUTCOMES)[number];

/** How old tonight's door data may be before every verdict says so, unless a manager sets otherwise. */
export const DOOR_DATA_STALE_MINUTES_DEFAULT = 30;
export const DOOR_DATA_STALE_MINUTES_MAX = 240;

/** The most items one sync batch may carry (a door offline for an hour at a busy night queues a few hundred). */
export const DOOR_SYNC_BATCH_MAX = 500;

/** How many base64url characters of a salted SHA-256 tonight's data keeps per code (66 bits). */
export const DOOR_DATA_HASH_CHARS = 11;

/** The text a code is hashed as, with tonight's salt: SHA-256 of this, base64url, first DOOR_DATA_HASH_CHARS. */
export function doorDataHashInput(salt: string, value: string): string {
  return `${salt}:${value}`;
}

/** A queued item's device time may run ahead of the server's by this much before it is taken as the arrival time. */
export const DOOR_SYNC_CLOCK_SKEW_MS = 2 * 60_000;

/** Marks a verdict decided on the device. */
export const DOOR_OFFLINE = 'Offline';
/** A code shaped like ours that tonight's data does not hold (a coupon redeemed on an earlier night, a new claim). */
export const DOOR_NOT_IN_DATA = "Not in tonight's door data";
/** Too many doors are downloading the whole night at once on this server: the phone asks again after Retry-After. */
export const DOOR_DATA_BUSY = "Tonight's door data is being prepared for other doors: this phone asks again in a few seconds";

// ---- reading what was shown

/** What the door read, as tonight's data can look it up. */
export type OfflineText =
  | { kind: 'coupon'; userCouponId: string; token: string }
  | { kind: 'card'; memberCardId: string; token: string }
  | { kind: 'code'; code: string }
  | { kind: 'other' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHORT_CODE = /^[0-9A-HJKMNP-TV-Z]{11}$/;

function payloadOf(text: string): OfflineText | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return { kind: 'other' };
  const record = value as Record<string, unknown>;
  const token = record['token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return { kind: 'other' };
  if (typeof record['userCouponId'] === 'string' && UUID.test(record['userCouponId']))
    return { kind: 'coupon', userCouponId: record['userCouponId'].toLowerCase(), token };
  if (typeof record['memberCardId'] === 'string' && UUID.test(record['memberCardId']))
    return { kind: 'card', memberCardId: record['memberCardId'].toLowerCase(), token };
  return { kind: 'other' };
}

/**
 * Reads a scan or a typed code as the api does: a coupon's or a card's QR payload, or a short code
 * in any case with or without hyphens and spaces (I and L read as 1, O as 0).
 */
export function readOfflineText(text: string): OfflineText {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const payload = payloadOf(trimmed);
    if (payload) return payload;
  }
  const compact = trimmed.replace(/[\s\-\u2010-\u2015\u2212]/g, '');
  if (!/^[0-9A-Za-z]+$/.test(compact)) return { kind: 'other' };
  const code = compact.toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  return SHORT_CODE.test(code) ? { kind: 'code', code } : { kind: 'other' };
}

// ---- deciding

/** A coupon as tonight's data holds it. */
export interface OfflineCoupon {
  title: string;
  type: CouponType;
  value: number | null;
  /** The first instant that is too late, or null. */
  validUntil: Date | null;
  state: 'active' | 'paused' | 'withdrawn';
  /** For a coupon of other venues only: what this venue's door says of it ("Only at The Velvet Room"). */
  onlyAt?: string | null;
}

/** A member as tonight's data holds them: what the verdict shows, and whether their visit tonight is known. */
export interface OfflineMember {
  firstName: string;
  tier: string;
  active: boolean;
  visited: boolean;
}

/** A member's claimed coupon in tonight's data; `redeemed` when a door (or the member) used it. */
export interface OfflineHeld {
  coupon: OfflineCoupon;
  member: OfflineMember;
  redeemed: { at: Date; by: RedeemedByName } | null;
}

export type OfflineCouponRefusal = 'member_disabled' | 'already_used' | 'withdrawn' | 'paused' | 'expired' | 'other_venue';

/**
 * A held coupon's verdict on the device, in the order the api judges (coupon-verdict.ts): the
 * holder's account, a redemption that stands, then withdrawn, paused, expired, and last a coupon
 * of other venues only (DoorCoupons.judge).
 */
export function offlineCouponVerdict(
  held: OfflineHeld,
  now: Date,
  timeZone: string,
): { ok: true; message: string } | { ok: false; refusal: OfflineCouponRefusal; message: string } {
  if (!held.member.active) return { ok: false, refusal: 'member_disabled', message: DOOR_MEMBER_DISABLED };
  if (held.redeemed)
    return { ok: false, refusal: 'already_used', message: alreadyUsedMessage(held.redeemed.at, held.redeemed.by, now, timeZone) };
  if (held.coupon.state === 'withdrawn') return { ok: false, refusal: 'withdrawn', message: DOOR_WITHDRAWN };
  if (held.coupon.state === 'paused') return { ok: false, refusal: 'paused', message: DOOR_PAUSED };
  const until = held.coupon.validUntil;
  if (until !== null && until.getTime() <= now.getTime())
    return { ok: false, refusal: 'expired', message: expiredMessage(until, now, timeZone) };
  if (held.coupon.onlyAt) return { ok: false, refusal: 'other_venue', message: held.coupon.onlyAt };
  return { ok: true, message: DOOR_VALID };
}

/** A card's verdict on the device: refused for a disabled account, else welcome (points are paid when the visit syncs). */
export function offlineCardVerdict(
  member: OfflineMember,
): { ok: true; message: string; recordsVisit: boolean } | { ok: false; refusal: 'member_disabled'; message: string } {
  if (!member.active) return { ok: false, refusal: 'member_disabled', message: DOOR_MEMBER_DISABLED };
  if (member.visited) return { ok: true, message: DOOR_ALREADY_HERE, recordsVisit: false };
  return { ok: true, message: visitRecordedMessage(member.firstName, 0), recordsVisit: true };
}

/** What the device says of a text its data does not hold. */
export function offlineMissMessage(read: OfflineText): string {
  return read.kind === 'other' ? DOOR_NOT_NOCTURNE : DOOR_NOT_IN_DATA;
}

// ---- saying where the door stands

/** "Used twice: 23:41 Main door (Sam), 23:43 VIP (Alex)": both redemptions of one coupon, earliest first. */
export function usedTwiceMessage(
  uses: readonly { at: Date; door: string | null; by: string | null }[],
  timeZone: string,
): string {
  const sorted = [...uses].sort((a, b) => a.at.getTime() - b.at.getTime());
  const parts = sorted.map((use) => {
    const door = use.door ? ` ${use.door}` : '';
    return `${venueClock(use.at, timeZone)}${door} (${use.by ?? 'staff'})`;
  });
  return `Used twice: ${parts.join(', ')}`;
}

/** Whether tonight's data taken at `takenAt` is older than the manager's limit at `now`. */
export function isDoorDataStale(takenAt: Date, now: Date, staleAfterMinutes: number): boolean {
  return now.getTime() - takenAt.getTime() > staleAfterMinutes * 60_000;
}

/** What every verdict adds while the data is too old: "Door data from 23:38 (42 min old)". */
export function staleDataMessage(takenAt: Date, now: Date, timeZone: string): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - takenAt.getTime()) / 60_000));
  return `Door data from ${venueClock(takenAt, timeZone)} (${minutes} min old)`;
}

export interface DoorLinkState {
  online: boolean;
  /** Queued scans not yet accepted by the api. */
  waiting: number;
  /** When tonight's data on the device was taken, or null before the first download. */
  dataAt: Date | null;
  /** When the last batch was accepted, or null. */
  syncedAt: Date | null;
}

/** How long "Synced 23:52" stays before the line says "Online" again. */
export const DOOR_SYNCED_SHOWN_MS = 60_000;

/** The door's status line: "Online", "Offline: 12 scans waiting, data from 23:38", "Synced 23:52". */
export function doorStatusLine(state: DoorLinkState, now: Date, timeZone: string): string {
  const waiting = `${state.waiting} ${state.waiting === 1 ? 'scan' : 'scans'} waiting`;
  if (!state.online) {
    const data = state.dataAt ? `data from ${venueClock(state.dataAt, timeZone)}` : 'no door data';
    return state.waiting > 0 ? `Offline: ${waiting}, ${data}` : `Offline: ${data}`;
  }
  if (state.waiting > 0) return `Online: ${waiting}`;
  if (state.syncedAt && now.getTime() - state.syncedAt.getTime() < DOOR_SYNCED_SHOWN_MS)
    return `Synced ${venueClock(state.syncedAt, timeZone)}`;
  return 'Online';
}
