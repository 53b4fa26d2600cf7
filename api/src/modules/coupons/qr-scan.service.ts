import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QrScanAction } from '@nocturne/db';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { couponUnusable } from './claim-rules.js';
import { ALREADY_REDEEMED } from './coupon-failure.js';
import { termsFromRow } from './coupon-view.js';
import { QrTokenService } from './qr-token.service.js';
import { findUserCoupon, type UserCouponRow, UUID_PATTERN } from './user-coupon.repository.js';

export const INVALID_QR = 'This QR code is not valid. Ask the member to open the coupon in their Coupons tab and scan again.';

export type ScanCheck =
  | { ok: true; row: UserCouponRow }
  | { ok: false; status: 404 | 409; message: string; row?: UserCouponRow };

/** What staff at the door can learn from a scan, and the scan log every attempt is written to. */
@Injectable()
export class QrScanService {
  private readonly when: Intl.DateTimeFormat;

  constructor(
    private readonly qr: QrTokenService,
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
   * Checks a scanned id and token. The token is verified before the database is asked, so a
   * wrong token learns nothing about which ids exist. `lock` queues concurrent redeemers.
   */
  async check(tx: EntityManager, scannedId: string, token: string, lock: boolean): Promise<ScanCheck> {
    const id = scannedId.toLowerCase();
    if (!UUID_PATTERN.test(id) || !this.qr.matches(id, token)) return { ok: false, status: 404, message: INVALID_QR };
    const row = await findUserCoupon(tx, id, { lock });
    if (!row) return { ok: false, status: 404, message: INVALID_QR };
    if (row.redeemed_at) {
      return { ok: false, status: 409, row, message: `${ALREADY_REDEEMED} (${this.when.format(new Date(row.redeemed_at))})` };
    }
    const unusable = couponUnusable(termsFromRow(row.coupon), new Date());
    if (unusable) return { ok: false, status: 409, row, message: unusable };
    return { ok: true, row };
  }

  async log(
    tx: EntityManager,
    entry: { adminId: string; scannedId: string; userCouponId: string | null; action: QrScanAction; accepted: boolean; reason: string },
  ): Promise<void> {
    await tx.execute('insert into qr_scans (admin_id, user_coupon_id, scanned_id, action, result, reason) values (?, ?, ?, ?, ?, ?)', [
      entry.adminId,
      entry.userCouponId,
      entry.scannedId.slice(0, 100),
      entry.action,
      entry.accepted ? 'accepted' : 'rejected',
      entry.reason.slice(0, 300),
    ]);
  }
}
