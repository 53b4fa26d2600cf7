import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QrScanAction } from '@nocturne/db';
import { ALREADY_REDEEMED } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { couponUnusable, unusableMessage } from './claim-rules.js';
import { CouponsRepository, type UserCouponView, UUID_PATTERN } from './coupons.repository.js';
import { termsFromRow } from './coupon-view.js';
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
  { ok: true; row: UserCouponView } | { ok: false; kind: 'not_found' | 'conflict'; message: string; row?: UserCouponView };

/** One attempt at the door: who, what was presented, and whether to validate or redeem. */
export interface ScanAttempt {
  adminId: string;
  presented: PresentedCoupon;
  action: QrScanAction;
}

/** What staff at the door can learn from a scan, and the scan log every attempt is written to. */
@Injectable()
export class QrScanService {
  private readonly when: Intl.DateTimeFormat;

  constructor(
    private readonly qr: QrTokenService,
    private readonly attempts: ShortCodeAttempts,
    private readonly coupons: CouponsRepository,
    @InjectConfig() config: ApiConfig,
  ) {
    this.when = new Intl.DateTimeFormat('en-AU', {
      timeZone: config.VENUE_TZ,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
  }

  /**
   * Checks a scanned QR payload or a typed code. Neither form learns more from a miss than "not
   * valid": the token is verified before the database is asked, and a typed code is proven
   * against its user coupon's id under the current secret. `lock` queues concurrent redeemers.
   */
  async check(tx: EntityManager, presented: PresentedCoupon, lock: boolean): Promise<ScanCheck> {
    const found =
      presented.method === 'qr'
        ? await this.findByQr(tx, presented.userCouponId, presented.token, lock)
        : await this.findByCode(tx, presented.code, lock);
    if (typeof found === 'string') return { ok: false, kind: 'not_found', message: found };
    const row = found;
    if (row.redeemed_at) {
      return {
        ok: false,
        kind: 'conflict',
        row,
        message: `${ALREADY_REDEEMED} (${this.when.format(new Date(row.redeemed_at))})`,
      };
    }
    const unusable = couponUnusable(termsFromRow(row.coupon), new Date());
    if (unusable) return { ok: false, kind: 'conflict', row, message: unusableMessage(unusable) };
    return { ok: true, row };
  }

  /**
   * Runs before a typed code is checked: queues the account's typed attempts and, while it is
   * locked out, logs this one and returns the seconds to wait. Null for QR scans (256-bit tokens).
   */
  async lockedOut(tx: EntityManager, attempt: ScanAttempt): Promise<number | null> {
    if (attempt.presented.method !== 'code') return null;
    const wait = await this.attempts.lockedOutFor(tx, attempt.adminId);
    if (wait === null) return null;
    const minutes = Math.ceil(wait / 60);
    await this.log(tx, attempt, {
      userCouponId: null,
      accepted: false,
      reason: `Too many wrong codes from this account: typed codes refused for ${minutes} more minute${minutes === 1 ? '' : 's'}`,
    });
    return wait;
  }

  /**
   * Logs a refused attempt. A typed code that matched nothing counts towards the account's limit;
   * returns the seconds to wait when this miss went over it, else null.
   */
  async refuse(tx: EntityManager, attempt: ScanAttempt, check: Extract<ScanCheck, { ok: false }>): Promise<number | null> {
    await this.log(tx, attempt, { userCouponId: check.row?.id ?? null, accepted: false, reason: check.message });
    if (attempt.presented.method !== 'code' || check.kind !== 'not_found') return null;
    return this.attempts.countWrongCode(attempt.adminId);
  }

  async log(
    tx: EntityManager,
    attempt: ScanAttempt,
    outcome: { userCouponId: string | null; accepted: boolean; reason: string },
  ): Promise<void> {
    await this.coupons.logScan(tx, {
      admin_id: attempt.adminId,
      user_coupon_id: outcome.userCouponId,
      scanned_id: scannedText(attempt.presented).slice(0, 100),
      method: attempt.presented.method,
      action: attempt.action,
      result: outcome.accepted ? 'accepted' : 'rejected',
      reason: outcome.reason.slice(0, 300),
    });
  }

  /** Logs an undo; it names the coupon by id, as its QR does. */
  async logUndo(
    tx: EntityManager,
    adminId: string,
    userCouponId: string,
    outcome: { accepted: boolean; reason: string },
  ): Promise<void> {
    await this.log(
      tx,
      { adminId, presented: { method: 'qr', userCouponId, token: '' }, action: 'undo' },
      { userCouponId, ...outcome },
    );
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
  private async findByCode(tx: EntityManager, typed: string, lock: boolean): Promise<UserCouponView | string> {
    const code = normaliseShortCode(typed);
    if (code === null) return MALFORMED_CODE;
    const row = await this.coupons.findUserCouponByShortCode(tx, code, { lock });
    if (!row || !this.qr.isShortCodeOf(row.id, code, SHORT_CODE_ATTEMPTS)) return INVALID_CODE;
    return row;
  }
}
