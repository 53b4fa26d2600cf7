import type { DoorCheckResponse, DoorCoupon, DoorData, DoorDataHeld, DoorDataMember } from '@nocturne/contracts';
import {
  couponValueLabel,
  DOOR_DATA_HASH_CHARS,
  DOOR_NOT_NOCTURNE,
  doorDataHashInput,
  isDoorDataStale,
  type OfflineCoupon,
  type OfflineMember,
  offlineCardVerdict,
  offlineCouponVerdict,
  offlineMissMessage,
  type OfflineText,
  readOfflineText,
  staleDataMessage,
} from '@nocturne/domain';

/** SHA-256 of `salt:value`, base64url, as tonight's data holds codes (Web Crypto). */
export async function doorHash(salt: string, value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(doorDataHashInput(salt, value))));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, DOOR_DATA_HASH_CHARS);
}

/** What a verdict decided on the device carries besides the api's shape. */
export interface OfflineVerdict {
  verdict: DoorCheckResponse;
  /** For a coupon: its code hash, the redemption's key in the queue. */
  couponHash: string | null;
  /** For a card that records a visit: its member key. */
  memberKey: string | null;
  /** "Door data from 23:38 (42 min old)" when the data is older than the manager's limit. */
  stale: string | null;
}

interface Found {
  member: DoorDataMember;
  held: DoorDataHeld | null;
}

/**
 * Tonight's door data, indexed by code hash for the device's verdicts: every member entry under
 * its key (an incremental answer replaces an entry whole), and each code and QR token hash naming
 * its member and, for a coupon, the coupon. Redemptions and visits this door made offline are
 * marked here too, so a second scan of the same coupon says "Already used" before any sync.
 */
export class DoorIndex {
  private members = new Map<string, DoorDataMember>();
  private coupons = new Map<string, DoorData['coupons'][number]>();
  private byHash = new Map<string, { memberKey: string; couponHash: string | null }>();
  private meta: Pick<DoorData, 'night' | 'version' | 'salt' | 'timeZone' | 'staleAfterMinutes' | 'takenAt'> | null = null;

  /** Applies an answer of GET /api/door/data: a full one replaces everything, another updates the entries it holds. */
  apply(data: DoorData): void {
    if (data.full || !this.meta || this.meta.night !== data.night || this.meta.salt !== data.salt) {
      this.members.clear();
      this.byHash.clear();
    }
    this.meta = {
      night: data.night,
      version: data.version,
      salt: data.salt,
      timeZone: data.timeZone,
      staleAfterMinutes: data.staleAfterMinutes,
      takenAt: data.takenAt,
    };
    this.coupons = new Map(data.coupons.map((coupon) => [coupon[0], coupon]));
    for (const member of data.members) this.put(member);
  }

  /** Everything held, to be kept (encrypted) on the device: the answers merged as one full answer. */
  snapshot(): DoorData | null {
    if (!this.meta) return null;
    return { ...this.meta, full: true, coupons: [...this.coupons.values()], members: [...this.members.values()] };
  }

  get version(): string | null {
    return this.meta?.version ?? null;
  }

  get night(): string | null {
    return this.meta?.night ?? null;
  }

  get takenAt(): Date | null {
    return this.meta ? new Date(this.meta.takenAt) : null;
  }

  get timeZone(): string | null {
    return this.meta?.timeZone ?? null;
  }

  get size(): number {
    return this.members.size;
  }

  private put(member: DoorDataMember): void {
    const old = this.members.get(member[0]);
    if (old) this.unindex(old);
    this.members.set(member[0], member);
    const key = member[0];
    if (member[5]) this.byHash.set(member[5], { memberKey: key, couponHash: null });
    if (member[6]) this.byHash.set(member[6], { memberKey: key, couponHash: null });
    for (const held of member[7]) {
      const couponHash = held[0] || held[1];
      if (held[0]) this.byHash.set(held[0], { memberKey: key, couponHash });
      this.byHash.set(held[1], { memberKey: key, couponHash });
    }
  }

  private unindex(member: DoorDataMember): void {
    if (member[5]) this.byHash.delete(member[5]);
    if (member[6]) this.byHash.delete(member[6]);
    for (const held of member[7]) {
      if (held[0]) this.byHash.delete(held[0]);
      this.byHash.delete(held[1]);
    }
  }

  private async find(read: OfflineText): Promise<Found | null> {
    if (!this.meta || read.kind === 'other') return null;
    const value = read.kind === 'code' ? read.code : read.token;
    const hit = this.byHash.get(await doorHash(this.meta.salt, value));
    if (!hit) return null;
    const member = this.members.get(hit.memberKey);
    if (!member) return null;
    // A coupon's QR names a coupon and a card's a card: a token of the other kind is not ours.
    if (read.kind === 'card' && hit.couponHash !== null) return null;
    if (read.kind === 'coupon' && hit.couponHash === null) return null;
    const held = hit.couponHash === null ? null : (member[7].find((h) => (h[0] || h[1]) === hit.couponHash) ?? null);
    return { member, held };
  }

  private couponOf(held: DoorDataHeld): { offline: OfflineCoupon; door: DoorCoupon } | null {
    const coupon = this.coupons.get(held[2]);
    if (!coupon) return null;
    const [, title, type, value, validUntil, state, onlyAt] = coupon;
    return {
      offline: { title, type, value, validUntil: validUntil === null ? null : new Date(validUntil * 1000), state, onlyAt },
      // The coupon's code hash stands in for its id: the queue names it so, and the api finds it by it.
      door: { userCouponId: held[0] || held[1], title, type, value, valueLabel: couponValueLabel(type, value) },
    };
  }

  /** Decides a scan or a typed code with tonight's data, in the words the api would use. */
  async decide(text: string, now: Date = new Date()): Promise<OfflineVerdict> {
    const read = readOfflineText(text);
    const timeZone = this.meta?.timeZone ?? 'UTC';
    const takenAt = this.takenAt;
    const stale =
      takenAt && this.meta && isDoorDataStale(takenAt, now, this.meta.staleAfterMinutes)
        ? staleDataMessage(takenAt, now, timeZone)
        : null;
    const found = await this.find(read);
    if (!found) {
      const message = this.meta ? offlineMissMessage(read) : DOOR_NOT_NOCTURNE;
      return {
        verdict: { kind: 'unknown', ok: false, message, refusal: 'not_nocturne' },
        couponHash: null,
        memberKey: null,
        stale,
      };
    }
    const [key, firstName, tier, active, visited] = found.member;
    const member: OfflineMember = { firstName, tier, active, visited };
    const doorMember = { firstName, tier, status: active ? ('active' as const) : ('disabled' as const) };
    if (found.held) {
      const coupon = this.couponOf(found.held);
      if (coupon) {
        const [, , , redeemedAt, by] = found.held;
        const redeemed =
          redeemedAt === null
            ? null
            : {
                at: new Date(redeemedAt * 1000),
                by: by === '' ? ({ by: 'member' } as const) : ({ by: 'staff', firstName: by } as const),
              };
        const judged = offlineCouponVerdict({ coupon: coupon.offline, member, redeemed }, now, timeZone);
        const verdict: DoorCheckResponse = judged.ok
          ? { kind: 'coupon', ok: true, message: judged.message, refusal: null, coupon: coupon.door, member: doorMember }
          : {
              kind: 'coupon',
              ok: false,
              message: judged.message,
              refusal: judged.refusal,
              coupon: coupon.door,
              member: doorMember,
            };
        return { verdict, couponHash: coupon.door.userCouponId, memberKey: key, stale };
      }
    }
    const card = offlineCardVerdict(member);
    if (!card.ok) {
      return {
        verdict: {
          kind: 'card',
          ok: false,
          message: card.message,
          refusal: 'member_disabled',
          member: doorMember,
          visit: null,
          coupons: [],
        },
        couponHash: null,
        memberKey: key,
        stale,
      };
    }
    const coupons = found.member[7]
      .filter((held) => held[3] === null)
      .flatMap((held) => {
        const coupon = this.couponOf(held);
        return coupon && offlineCouponVerdict({ coupon: coupon.offline, member, redeemed: null }, now, timeZone).ok
          ? [coupon.door]
          : [];
      });
    return {
      verdict: {
        kind: 'card',
        ok: true,
        message: card.message,
        refusal: null,
        member: doorMember,
        visit: { night: this.meta!.night, recorded: card.recordsVisit, points: 0 },
        coupons,
      },
      couponHash: null,
      memberKey: card.recordsVisit ? key : null,
      stale,
    };
  }

  /** Marks a coupon redeemed here (until the api's data says how it went). */
  markRedeemed(couponHash: string, at: Date, by: string | null): void {
    for (const member of this.members.values()) {
      const held = member[7].find((h) => (h[0] || h[1]) === couponHash);
      if (held) {
        held[3] = Math.floor(at.getTime() / 1000);
        held[4] = by ?? 'staff';
        return;
      }
    }
  }

  /** Marks a member's visit tonight as recorded here. */
  markVisited(memberKey: string): void {
    const member = this.members.get(memberKey);
    if (member) member[4] = true;
  }
}
