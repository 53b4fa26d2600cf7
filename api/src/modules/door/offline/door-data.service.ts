import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DoorData, DoorDataCoupon, DoorDataHeld, DoorDataMember } from '@nocturne/contracts';
import {
  appliesAtVenue,
  clubNightBounds,
  DOOR_DATA_HASH_CHARS,
  DOOR_DATA_STALE_MINUTES_DEFAULT,
  doorDataHashInput,
  onlyAtMessage,
} from '@nocturne/domain';
import { hash } from 'node:crypto';
import { isoTimestamp } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { QrTokenService, SHORT_CODE_ATTEMPTS } from '#modules/coupons/coupons.public.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import { type CouponRow, DoorDataRepository, type HeldRow, type MemberRow } from './door-data.repository.js';
import { LikelyMembersRepository } from './likely-members.repository.js';

/** How far back an incremental answer looks before its cursor: a transaction that began before the cursor and committed after it is still seen. */
const CURSOR_OVERLAP_MS = 60_000;
/** A cursor older than this gets the whole night again (cheaper than the union of everything since). */
const CURSOR_MAX_AGE_MS = 6 * 60 * 60_000;

/**
 * A cursor: the night it belongs to, the database's clock when its answer was read, and the venue
 * whose door it was read for (`v2`; none: the first venue, as cursors from before venues).
 */
function parseCursor(since: string | undefined): { night: string; at: Date; venueId: number } | null {
  if (!since) return null;
  const match = /^(\d{4}-\d{2}-\d{2})\.(\d{1,15})(?:\.v(\d{1,10}))?$/.exec(since);
  if (!match) return null;
  const at = new Date(Number(match[2]));
  return Number.isNaN(at.getTime()) ? null : { night: match[1]!, at, venueId: Number(match[3] ?? 1) };
}

/** The salted hash the device computes with Web Crypto: SHA-256 of `salt:value`, base64url, first characters. */
export function doorDataHash(salt: string, value: string): string {
  return hash('sha256', doorDataHashInput(salt, value), 'base64url').slice(0, DOOR_DATA_HASH_CHARS);
}

function epochSeconds(value: string | null): number | null {
  return value === null ? null : Math.floor(new Date(isoTimestamp(value)).getTime() / 1000);
}

/**
 * Tonight's door data (PRODUCT.md §6, offline door mode): for every member the door may meet,
 * what a verdict shows (first name, tier, whether the account works, whether they visited
 * tonight at this door's venue) and their card's and coupons' codes as hashes under a salt of this
 * night and door account, with each coupon's title, value, end and state, and for a coupon of
 * other venues only the words its verdict says here ("Only at The Velvet Room"). The night is the
 * venue's (06:00 to 06:00 in its zone). Nothing the door does not show: no last names, no e-mail,
 * no ids but the coupons'. An answer carries a cursor; the next poll with it gets only the members
 * whose data may have changed, each entry whole.
 */
/** Members hashed between two turns of the event loop. */
const SLICE = 500;
/** How many codes' QR tokens and short-code checks are kept between answers (a night's cards and coupons, with room). */
const CODES_KEPT = 250_000;

/** What a card's or coupon's codes are under the current secret: its QR token, and whether its stored short code is current. */
interface Codes {
  token: string;
  code: string | null;
}

@Injectable()
export class DoorDataService {
  /**
   * QR tokens and short-code checks are HMACs under QR_SECRET, the same for every door and night:
   * worked out once per card or coupon and kept, so a poll and the other doors' downloads only hash.
   */
  private readonly codes = new Map<string, Codes>();

  constructor(
    @InjectConfig() private readonly config: ApiConfig,
    private readonly repository: DoorDataRepository,
    private readonly likely: LikelyMembersRepository,
    private readonly qr: QrTokenService,
  ) {}

  /**
   * Whether a poll with this cursor asks for the whole night (no cursor, one of another venue, or
   * one too old by this host's clock): those answers take turns (GetDoorDataHandler). `read`
   * decides again on the database's clock.
   */
  asksWholeNight(since: string | undefined, venueId: number): boolean {
    const cursor = parseCursor(since);
    return cursor === null || cursor.venueId !== venueId || Date.now() - cursor.at.getTime() >= CURSOR_MAX_AGE_MS;
  }

  /**
   * The night's salt for this door account: an HMAC under QR_SECRET (as a card's token, of a text
   * no card id can be), so neither another night's data nor another account's matches it.
   */
  saltFor(night: string, staffId: string): string {
    return this.qr.tokenFor(`door-data:${night}:${staffId}`, 'member-card').slice(0, 22);
  }

  /**
   * `venue`: the door's venue (StaffVenues.doorVenue); `group`: every venue, for the names "Only at
   * ..." gives. Null when a poll's changes are more than a whole night holds: ask for the whole night.
   */
  async read(
    em: EntityManager,
    staffId: string,
    since: string | undefined,
    venue: VenueRecord,
    group: readonly VenueRecord[],
  ): Promise<DoorData | null> {
    const takenAt = await this.repository.clock(em);
    const { night, start } = clubNightBounds(takenAt, venue.timeZone);
    const salt = this.saltFor(night, staffId);
    const cursor = parseCursor(since);
    const incremental =
      cursor !== null &&
      cursor.night === night &&
      cursor.venueId === venue.id &&
      takenAt.getTime() - cursor.at.getTime() < CURSOR_MAX_AGE_MS
        ? cursor
        : null;

    let held: HeldRow[];
    let members: MemberRow[];
    if (incremental) {
      const max = this.config.DOOR_DATA_MEMBERS_MAX;
      const changed = await this.repository.changedSince(em, new Date(incremental.at.getTime() - CURSOR_OVERLAP_MS), max);
      // More changed than a whole night holds (a bulk change): the door takes the whole night again.
      if (changed === null) return null;
      held = await this.repository.held(em, start, changed);
      members = await this.repository.members(em, night, venue.id, changed);
    } else {
      const ids = await this.likely.ids(em, {
        night,
        venueId: venue.id,
        nightStart: start,
        max: this.config.DOOR_DATA_MEMBERS_MAX,
      });
      held = await this.repository.held(em, start, ids);
      members = await this.repository.members(em, night, venue.id, ids);
    }
    const [coupons, stale] = await Promise.all([this.repository.coupons(em, start), this.repository.staleAfterMinutes(em)]);
    const couponKeys = keysOf(coupons);
    const heldBy = new Map<string, HeldRow[]>();
    for (const row of held) {
      const list = heldBy.get(row.member_id);
      if (list) list.push(row);
      else heldBy.set(row.member_id, [row]);
    }
    // Hashing a night's codes takes a while: other requests are served between slices of it.
    const entries: DoorDataMember[] = [];
    for (let i = 0; i < members.length; i += SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const member of members.slice(i, i + SLICE))
        entries.push(this.member(member, heldBy.get(member.id) ?? [], salt, couponKeys));
    }
    return {
      night,
      version: `${night}.${takenAt.getTime()}.v${venue.id}`,
      full: incremental === null,
      takenAt: takenAt.toISOString(),
      salt,
      timeZone: venue.timeZone,
      staleAfterMinutes: stale ?? DOOR_DATA_STALE_MINUTES_DEFAULT,
      coupons: coupons.map((coupon) => this.coupon(coupon, couponKeys, venue.id, group)),
      members: entries,
    };
  }

  private coupon(row: CouponRow, keys: Map<string, string>, venueId: number, group: readonly VenueRecord[]): DoorDataCoupon {
    const state = row.archived_at !== null ? 'withdrawn' : row.is_active ? 'active' : 'paused';
    const entry: DoorDataCoupon = [
      keys.get(row.id)!,
      row.title,
      row.type as DoorDataCoupon[2],
      row.value,
      epochSeconds(row.valid_until),
      state,
    ];
    // A coupon of other venues only: the words DoorCoupons.judge says at this door.
    const venueIds = row.venue_ids.map(Number);
    if (!appliesAtVenue(venueIds, venueId))
      entry.push(onlyAtMessage(venueIds.map((id) => group.find((venue) => venue.id === id)?.name ?? `Venue ${id}`)));
    return entry;
  }

  private member(row: MemberRow, held: HeldRow[], salt: string, couponKeys: Map<string, string>): DoorDataMember {
    const active = row.disabled_at === null && row.deleted_at === null;
    const key = doorDataHash(salt, `member:${row.id}`).slice(0, 8);
    const card = row.card_id !== null && row.card_code !== null;
    const codes = card ? this.codesOf(row.card_id!, row.card_code, 'member-card') : null;
    const cardCode = codes?.code ? doorDataHash(salt, codes.code) : '';
    const cardToken = codes ? doorDataHash(salt, codes.token) : '';
    // A disabled account's coupons are all refused: the entry alone says so.
    const coupons = active ? held.flatMap((coupon) => this.held(coupon, salt, couponKeys)) : [];
    return [key, row.first_name, row.member_tier as DoorDataMember[2], active, row.visited, cardCode, cardToken, coupons];
  }

  private codesOf(id: string, stored: string | null, subject: 'user-coupon' | 'member-card'): Codes {
    const key = `${subject}:${id}`;
    const kept = this.codes.get(key);
    // A code changed since (recoded after a secret rotation) is checked again.
    if (kept && kept.code === stored) return kept;
    const codes = {
      token: this.qr.tokenFor(id, subject),
      code: stored !== null && this.qr.isShortCodeOf(id, stored, SHORT_CODE_ATTEMPTS, subject) ? stored : null,
    };
    if (this.codes.size >= CODES_KEPT) this.codes.delete(this.codes.keys().next().value!);
    this.codes.set(key, codes);
    return codes;
  }

  private held(row: HeldRow, salt: string, couponKeys: Map<string, string>): DoorDataHeld[] {
    const couponKey = couponKeys.get(row.coupon_id);
    if (couponKey === undefined) return [];
    const codes = this.codesOf(row.id, row.short_code, 'user-coupon');
    const code = codes.code ? doorDataHash(salt, codes.code) : '';
    const token = doorDataHash(salt, codes.token);
    const by = row.redeemed_at === null ? null : row.redeemed_by === 'member' ? '' : (row.validated_by_name ?? 'staff');
    return [[code, token, couponKey, epochSeconds(row.redeemed_at), by]];
  }
}

/** Each coupon's key in tonight's data: the first 8 characters of its id, the whole id when two share them. */
function keysOf(coupons: readonly CouponRow[]): Map<string, string> {
  const prefixes = new Map<string, number>();
  for (const coupon of coupons) prefixes.set(coupon.id.slice(0, 8), (prefixes.get(coupon.id.slice(0, 8)) ?? 0) + 1);
  return new Map(
    coupons.map((coupon) => [coupon.id, prefixes.get(coupon.id.slice(0, 8))! > 1 ? coupon.id : coupon.id.slice(0, 8)]),
  );
}
