import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QrScanAction, QrScanMethod } from '@nocturne/db';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { CouponsRepository, type UserCouponView, UUID_PATTERN } from './coupons.repository.js';
import { type CouponRefusal, couponRefusal } from './coupon-verdict.js';
import { type PresentedCoupon, scannedText } from './presented-coupon.js';
import { QrTokenService } from './qr-token.service.js';
import { normaliseShortCode } from './short-code.js';
import { ShortCodeAttempts } from './short-code-attempts.service.js';
import { SHORT_CODE_ATTEMPTS } from './short-code.service.js';

export const INVALID_QR = 'This QR code is not valid. Ask the member to open the coupon in their Coupons tab and scan again.';
export const INVALID_CODE = 'This code is not valid. Check it with the member: it is under the QR code in their Coupons tab.';
export const MALFORMED_CODE =
  'A coupon code has 11 letters and digits, like K7QM-3XPD-2A9. Check it with the member and type it again.';

export type ScanCheck =
  | { ok: true; row: UserCouponView }
  | { ok: false; kind: 'not_found'; message: string; row?: undefined }
  | { ok: false; kind: 'conflict'; refusal: CouponRefusal; message: string; row: UserCouponView };
/** The verdict on a coupon that was found: usable, or why not. */
export type CouponJudgement = Exclude<ScanCheck, { kind: 'not_found' }>;

/** One attempt at the door: who, what was presented, and whether to validate or redeem. */
export interface ScanAttempt {
  adminId: string;
  presented: PresentedCoupon;
  action: QrScanAction;
}

/** One line of the scan log: who tried what at the door, and what came of it. */
export interface ScanLine {
  adminId: string;
  method: QrScanMethod;
  /** The scanned id, or the text as typed. */
  scannedText: string;
  action: QrScanAction;
  userCouponId: string | null;
  /** Whose coupon or card it was, when known. */
  memberId: string | null;
  accepted: boolean;
  reason: string;
}

function lockedOutReason(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many wrong codes from this account: typed codes refused for ${minutes} more minute${minutes === 1 ? '' : 's'}`;
}

/** What staff at the door can learn from a scan, and the scan log every attempt is written to. */
@Injectable()
export class QrScanService {
  private readonly timeZone: string;

  constructor(
    private readonly qr: QrTokenService,
    private readonly attempts: ShortCodeAttempts,
    private readonly coupons: CouponsRepository,
    @InjectConfig() config: ApiConfig,
  ) {
    this.timeZone = config.VENUE_TZ;
  }

  /**
   * Checks a scanned QR payload or a typed code. Neither form learns more from a miss than "not
   * valid": the token is verified before the database is asked, and a typed code is proven
   * against its user coupon's id under the current secret. `lock` queues concurrent redeemers.
   * A coupon that was found but cannot be used says why in door mode's words (coupon-verdict.ts).
   */
  async check(tx: EntityManager, presented: PresentedCoupon, lock: boolean): Promise<ScanCheck> {
    const found =
      presented.method === 'qr'
        ? await this.findByQr(tx, presented.userCouponId, presented.token, lock)
        : await this.findByCode(tx, presented.code, lock);
    if (typeof found === 'string') return { ok: false, kind: 'not_found', message: found };
    return this.judge(found);
  }

  /** The verdict on a user coupon already found (and locked, to redeem it), at this instant. */
  judge(row: UserCouponView): CouponJudgement {
    const refused = couponRefusal(row, new Date(), this.timeZone);
    return refused ? { ok: false, kind: 'conflict', row, ...refused } : { ok: true, row };
  }

  /**
   * Runs before a typed code is checked: queues the account's typed attempts and, while it is
   * locked out, logs this one and returns the seconds to wait. Null for QR scans (256-bit tokens).
   */
  async lockedOut(tx: EntityManager, attempt: ScanAttempt): Promise<number | null> {
    if (attempt.presented.method !== 'code') return null;
    return this.typedLockout(tx, {
      adminId: attempt.adminId,
      method: 'code',
      scannedText: scannedText(attempt.presented),
      action: attempt.action,
    });
  }

  /**
   * The same for anything a staffer may have typed (door mode asks it of every text that is not
   * a QR payload, however the device says it arrived).
   */
  async typedLockout(
    tx: EntityManager,
    what: Pick<ScanLine, 'adminId' | 'method' | 'scannedText' | 'action'>,
  ): Promise<number | null> {
    const wait = await this.attempts.lockedOutFor(tx, what.adminId);
    if (wait === null) return null;
    await this.record(tx, { ...what, userCouponId: null, memberId: null, accepted: false, reason: lockedOutReason(wait) });
    return wait;
  }

  /** Counts one wrong typed code; returns the seconds to wait when this one went over the limit, else null. */
  countWrongCode(adminId: string): Promise<number | null> {
    return this.attempts.countWrongCode(adminId);
  }

  /**
   * Logs a refused attempt. A typed code that matched nothing counts towards the account's limit;
   * returns the seconds to wait when this miss went over it, else null.
   */
  async refuse(tx: EntityManager, attempt: ScanAttempt, check: Extract<ScanCheck, { ok: false }>): Promise<number | null> {
    await this.log(tx, attempt, {
      userCouponId: check.row?.id ?? null,
      memberId: check.row?.member_id ?? null,
      accepted: false,
      reason: check.message,
    });
    if (attempt.presented.method !== 'code' || check.kind !== 'not_found') return null;
    return this.countWrongCode(attempt.adminId);
  }

  async log(
    tx: EntityManager,
    attempt: ScanAttempt,
    outcome: { userCouponId: string | null; memberId: string | null; accepted: boolean; reason: string },
  ): Promise<void> {
    await this.record(tx, {
      adminId: attempt.adminId,
      method: attempt.presented.method,
      scannedText: scannedText(attempt.presented),
      action: attempt.action,
      ...outcome,
    });
  }

  async record(tx: EntityManager, line: ScanLine): Promise<void> {
    await this.coupons.logScan(tx, {
      admin_id: line.adminId,
      user_coupon_id: line.userCouponId,
      member_id: line.memberId,
      scanned_id: line.scannedText.slice(0, 100),
      method: line.method,
      action: line.action,
      result: line.accepted ? 'accepted' : 'rejected',
      reason: line.reason.slice(0, 300),
    });
  }

  /** Logs an undo; it names the coupon by id, as its QR does. */
  async logUndo(
    tx: EntityManager,
    adminId: string,
    row: Pick<UserCouponView, 'id' | 'member_id'>,
    outcome: { accepted: boolean; reason: string },
  ): Promise<void> {
    await this.record(tx, {
      adminId,
      method: 'qr',
      scannedText: row.id,
      action: 'undo',
      userCouponId: row.id,
      memberId: row.member_id,
      ...outcome,
    });
  }

  /** A user coupon by its QR payload, or undefined when the id or token is not one of ours. */
  async findByQrPayload(tx: EntityManager, scannedId: string, token: string, lock: boolean): Promise<UserCouponView | undefined> {
    const found = await this.findByQr(tx, scannedId, token, lock);
    return typeof found === 'string' ? undefined : found;
  }

  /** A user coupon by its short code (stored form), or undefined when no coupon holds it under the current secret. */
  async findByShortCode(tx: EntityManager, code: string, lock: boolean): Promise<UserCouponView | undefined> {
    const row = await this.coupons.findUserCouponByShortCode(tx, code, { lock });
    return row && this.qr.isShortCodeOf(row.id, code, SHORT_CODE_ATTEMPTS) ? row : undefined;
  }

  private async findByQr(tx: EntityManager, scannedId: string, token: string, lock: boolean): Promise<UserCouponView | string> {
    const id = scannedId.toLowerCase();
    if (!UUID_PATTERN.test(id) || !this.qr.matches(id, token)) return INVALID_QR;
    return (await this.coupons.findUserCoupon(tx, id, { lock })) ?? INVALID_QR;
  }

  /**
   * Found through the unique index, then compared in constant time with the codes the row's id
   * derives under the current QR_SECRET: a code left from a rotated-out secret is not valid.
   */
  /**
   * Found through the unique index, then compared in constant time with the codes the row's id
   * derives under the current QR_SECRET: a code left from a rotated-out secret is not valid.
   */
  private async findByCode(tx: EntityManager, typed: string, lock: boolean): Promise<UserCouponView | string> {
    const code = normaliseShortCode(typed);
    if (code === null) return MALFORMED_CODE;
    return (await this.findByShortCode(tx, code, lock)) ?? INVALID_CODE;
  }
}
