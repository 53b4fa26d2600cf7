import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DoorCoupon } from '@nocturne/contracts';
import type { QrScanAction, QrScanMethod } from '@nocturne/db';
import { appliesAtVenue, couponValueLabel, FIRST_VENUE_ID, onlyAtMessage, typedLockoutMessage } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import type { Lastly } from '#infrastructure/outbox/unit-of-work.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import { UUID_PATTERN } from './coupon-rows.js';
import { type CouponRefusal, couponRefusal } from './coupon-verdict.js';
import { QrTokenService } from './qr-token.service.js';
import { Redemptions } from './redemption.js';
import { ScanLogRepository } from './scan-log.repository.js';
import { type DoorSource, ShortCodeAttempts, type TypedLockout } from './short-code-attempts.service.js';
import { SHORT_CODE_ATTEMPTS } from './short-code.service.js';
import { type UserCouponView, UserCouponsRepository } from './user-coupons.repository.js';

/** The verdict on a coupon that was found: usable, or why not in door mode's words. */
export type CouponJudgement =
  | { ok: true; row: UserCouponView }
  | { ok: false; kind: 'conflict'; refusal: CouponRefusal; message: string; row: UserCouponView };

/** One line of the scan log: who tried what at the door, and what came of it. */
export interface ScanLine {
  adminId: string;
  /** The venue whose door it was. */
  venueId: number;
  method: QrScanMethod;
  /** The scanned id, or the text as typed. */
  scannedText: string;
  action: QrScanAction;
  userCouponId: string | null;
  /** Whose coupon or card it was, when known. */
  memberId: string | null;
  accepted: boolean;
  reason: string;
  /** The named door the phone said it is at (kept when it names an open door). */
  doorId?: string | null;
}

/**
 * What door mode (the door module) asks of coupons: finding a member's coupon by what was shown,
 * judging it, redeeming it, the coupons a card holder can use tonight, the typed-code limit, and
 * the scan log every attempt is written to. Staff redeem through door mode only, so these are the
 * one set of rules for a coupon at the door; the rules and the tables stay here, door mode asks.
 */
@Injectable()
export class DoorCoupons {
  private readonly timeZone: string;

  constructor(
    private readonly qr: QrTokenService,
    private readonly attempts: ShortCodeAttempts,
    private readonly coupons: UserCouponsRepository,
    private readonly scanLog: ScanLogRepository,
    private readonly redemptions: Redemptions,
    @InjectConfig() config: ApiConfig,
  ) {
    this.timeZone = config.VENUE_TZ;
  }

  /**
   * A user coupon by its QR payload; undefined unless the token is the id's under the current
   * secret (verified before the database is asked). `lock` queues concurrent redeemers.
   */
  async byQrPayload(tx: EntityManager, userCouponId: string, token: string, lock: boolean): Promise<UserCouponView | undefined> {
    const id = userCouponId.toLowerCase();
    if (!UUID_PATTERN.test(id) || !this.qr.matches(id, token)) return undefined;
    return this.coupons.findUserCoupon(tx, id, { lock });
  }

  /**
   * A user coupon by its short code (stored form): found through the unique index, then compared
   * in constant time with the codes the row's id derives under the current QR_SECRET, so a code
   * left from a rotated-out secret is not valid.
   */
  async byShortCode(tx: EntityManager, code: string, lock: boolean): Promise<UserCouponView | undefined> {
    const row = await this.coupons.findUserCouponByShortCode(tx, code, { lock });
    return row && this.qr.isShortCodeOf(row.id, code, SHORT_CODE_ATTEMPTS) ? row : undefined;
  }

  /** One of a member's coupons by id (a card holder's, chosen from the card's list); undefined when it is not theirs. */
  ofMember(tx: EntityManager, userCouponId: string, memberId: string, lock: boolean): Promise<UserCouponView | undefined> {
    return this.coupons.findUserCoupon(tx, userCouponId, { memberId, lock });
  }

  /**
   * Whether it may be redeemed now at this venue's door, and if not, why in door mode's words
   * (coupon-verdict.ts); a coupon for other venues only: "Only at The Velvet Room" (`group`: the
   * venues, read before the caller's transaction).
   */
  judge(row: UserCouponView, venueId: number, group: readonly VenueRecord[]): CouponJudgement {
    const refused = couponRefusal(row, new Date(), this.timeZone);
    if (refused) return { ok: false, kind: 'conflict', row, ...refused };
    const venueIds = (row.coupon_venue_ids ?? []).map(Number);
    if (!appliesAtVenue(venueIds, venueId)) {
      const names = venueIds.map((id) => group.find((venue) => venue.id === id)?.name ?? `Venue ${id}`);
      return { ok: false, kind: 'conflict', row, refusal: 'other_venue', message: onlyAtMessage(names) };
    }
    return { ok: true, row };
  }

  /** The member's coupons usable tonight at this venue, newest claim first. */
  async usableOf(tx: EntityManager, memberId: string, venueId: number = FIRST_VENUE_ID): Promise<DoorCoupon[]> {
    return (await this.coupons.listUsableOf(tx, memberId))
      .filter((row) => appliesAtVenue((row.coupon_venue_ids ?? []).map(Number), venueId))
      .map((row) => this.doorCoupon(row));
  }

  /** Whether the text is a coupon's template code (FIRSTROUND), typed where the code under the QR belongs. */
  isTemplateCode(tx: EntityManager, text: string): Promise<boolean> {
    return this.coupons.isTemplateCode(tx, text);
  }

  /** Redeems it for the staffer (the caller holds its row lock); null when it was redeemed first by someone else. */
  redeem(
    tx: EntityManager,
    raise: Raise,
    lastly: Lastly,
    row: UserCouponView,
    staffId: string,
    venueId: number,
  ): Promise<UserCouponView | null> {
    return this.redemptions.markRedeemed(tx, raise, lastly, row, 'staff', staffId, venueId);
  }

  /**
   * Runs before any text a staffer may have typed is looked up (door mode asks it of every text
   * that is not a QR payload, however the device says it arrived): queues the account's typed
   * attempts and, while this device (or the account) is locked out, logs this attempt and answers
   * how long to wait.
   */
  async typedLockout(
    tx: EntityManager,
    what: Pick<ScanLine, 'adminId' | 'venueId' | 'method' | 'scannedText' | 'action' | 'doorId'>,
    from: DoorSource,
  ): Promise<TypedLockout | null> {
    const wait = await this.attempts.lockedOutFor(tx, what.adminId, from);
    if (wait === null) return null;
    const reason = typedLockoutMessage(wait.seconds, wait.scope);
    await this.record(tx, { ...what, userCouponId: null, memberId: null, accepted: false, reason });
    return wait;
  }

  /** Counts a wrong typed code of this device; how long it (or the account) now waits, else null. */
  countWrongCode(staffId: string, from: DoorSource): Promise<TypedLockout | null> {
    return this.attempts.countWrongCode(staffId, from);
  }

  /** Devices and accounts kept from typing now (for managers). */
  typedLockouts() {
    return this.attempts.current();
  }

  /** Lets a device (or an account) type again at once; what was lifted, or null. */
  liftTypedLockout(id: string) {
    return this.attempts.lift(id);
  }

  /** Writes one line of the scan log. */
  async record(tx: EntityManager, line: ScanLine): Promise<void> {
    await this.scanLog.logScan(
      tx,
      {
        admin_id: line.adminId,
        venue_id: line.venueId,
        user_coupon_id: line.userCouponId,
        member_id: line.memberId,
        scanned_id: line.scannedText.slice(0, 100),
        method: line.method,
        action: line.action,
        result: line.accepted ? 'accepted' : 'rejected',
        reason: line.reason.slice(0, 300),
      },
      line.doorId ?? null,
    );
  }

  /** Logs an undo at the venue the coupon was redeemed at (else the first); it names the coupon by id, as its QR does. */
  recordUndo(
    tx: EntityManager,
    adminId: string,
    row: Pick<UserCouponView, 'id' | 'member_id' | 'redeemed_venue_id'>,
    outcome: { accepted: boolean; reason: string },
  ): Promise<void> {
    return this.record(tx, {
      adminId,
      venueId: row.redeemed_venue_id ?? FIRST_VENUE_ID,
      method: 'qr',
      scannedText: row.id,
      action: 'undo',
      userCouponId: row.id,
      memberId: row.member_id,
      ...outcome,
    });
  }

  /** The staffer's accepted redemptions and undos at a venue in [start, end). */
  tally(tx: EntityManager, staffId: string, start: Date, end: Date, venueId: number) {
    return this.scanLog.tallyOf(tx, staffId, start, end, venueId);
  }

  doorCoupon(row: UserCouponView): DoorCoupon {
    const { title, type, value } = row.coupon;
    return { userCouponId: row.id, title, type, value, valueLabel: couponValueLabel(type, value) };
  }
}
