import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DoorCoupon } from '@nocturne/contracts';
import { couponValueLabel } from '@nocturne/domain';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { CouponsRepository, type UserCouponView } from './coupons.repository.js';
import { type CouponJudgement, QrScanService, type ScanLine } from './qr-scan.service.js';
import { Redemptions } from './redemption.js';

/**
 * What door mode (the door module) asks of coupons: finding a member's coupon by what was shown,
 * judging it, redeeming it, the coupons a card holder can use tonight, and the scan log every
 * attempt is written to. The rules and the tables stay here; door mode only asks.
 */
@Injectable()
export class DoorCoupons {
  constructor(
    private readonly scans: QrScanService,
    private readonly coupons: CouponsRepository,
    private readonly redemptions: Redemptions,
  ) {}

  /** A user coupon by its QR payload; undefined unless the token is the id's under the current secret. */
  byQrPayload(tx: EntityManager, userCouponId: string, token: string, lock: boolean): Promise<UserCouponView | undefined> {
    return this.scans.findByQrPayload(tx, userCouponId, token, lock);
  }

  /** A user coupon by its short code (stored form), proven against its id under the current secret. */
  byShortCode(tx: EntityManager, code: string, lock: boolean): Promise<UserCouponView | undefined> {
    return this.scans.findByShortCode(tx, code, lock);
  }

  /** One of a member's coupons by id (a card holder's, chosen from the card's list); undefined when it is not theirs. */
  ofMember(tx: EntityManager, userCouponId: string, memberId: string, lock: boolean): Promise<UserCouponView | undefined> {
    return this.coupons.findUserCoupon(tx, userCouponId, { memberId, lock });
  }

  /** Whether it may be redeemed now, and if not, why in door mode's words. */
  judge(row: UserCouponView): CouponJudgement {
    return this.scans.judge(row);
  }

  /** The member's coupons usable tonight, newest claim first. */
  async usableOf(tx: EntityManager, memberId: string): Promise<DoorCoupon[]> {
    return (await this.coupons.listUsableOf(tx, memberId)).map((row) => this.doorCoupon(row));
  }

  /** Whether the text is a coupon's template code (FIRSTROUND), typed where the code under the QR belongs. */
  isTemplateCode(tx: EntityManager, text: string): Promise<boolean> {
    return this.coupons.isTemplateCode(tx, text);
  }

  /** Redeems it for the staffer (the caller holds its row lock); null when it was redeemed first by someone else. */
  redeem(tx: EntityManager, raise: Raise, row: UserCouponView, staffId: string): Promise<UserCouponView | null> {
    return this.redemptions.markRedeemed(tx, raise, row, 'staff', staffId);
  }

  /** While the staffer is locked out of typed codes: logs this attempt and answers the seconds to wait. */
  typedLockout(tx: EntityManager, what: Pick<ScanLine, 'adminId' | 'method' | 'scannedText' | 'action'>) {
    return this.scans.typedLockout(tx, what);
  }

  /** Counts a wrong typed code; the seconds to wait when this one went over the limit, else null. */
  countWrongCode(staffId: string): Promise<number | null> {
    return this.scans.countWrongCode(staffId);
  }

  /** Writes one line of the scan log. */
  record(tx: EntityManager, line: ScanLine): Promise<void> {
    return this.scans.record(tx, line);
  }

  /** The staffer's accepted redemptions and undos in [start, end). */
  tally(tx: EntityManager, staffId: string, start: Date, end: Date) {
    return this.coupons.tallyOf(tx, staffId, start, end);
  }

  doorCoupon(row: UserCouponView): DoorCoupon {
    const { title, type, value } = row.coupon;
    return { userCouponId: row.id, title, type, value, valueLabel: couponValueLabel(type, value) };
  }
}
