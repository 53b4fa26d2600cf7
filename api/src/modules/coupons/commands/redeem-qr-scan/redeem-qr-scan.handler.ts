import type { ErrorKind } from '../../../../common/errors/domain-error.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { QrRedeemResponse } from '@nocturne/contracts';
import { ALREADY_REDEEMED, redeemedMessage } from '@nocturne/domain';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { TooManyRequestsException } from '../../../auth/auth.public.js';
import { CouponFailure } from '../../coupon-failure.js';
import { QrScanService, type ScanAttempt } from '../../qr-scan.service.js';
import { Redemptions } from '../../redemption.js';
import { RedeemQrScanCommand } from './redeem-qr-scan.command.js';

type Outcome =
  | { success: true; message: string; userCouponId: string }
  | { success: false; kind: ErrorKind; message: string }
  | { waitSeconds: number };

/**
 * Redeems at the door. The attempt is logged in the same transaction whatever its outcome; a
 * refusal (or 429 for too many wrong typed codes) becomes an error answer only after that
 * transaction has committed the log line.
 */
@CommandHandler(RedeemQrScanCommand)
export class RedeemQrScanHandler implements ICommandHandler<RedeemQrScanCommand, QrRedeemResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly scans: QrScanService,
    private readonly redemptions: Redemptions,
  ) {}

  async execute({ adminId, presented }: RedeemQrScanCommand): Promise<QrRedeemResponse> {
    const outcome = await this.unitOfWork.run(async (tx, raise): Promise<Outcome> => {
      const attempt: ScanAttempt = { adminId, presented, action: 'redeem' };
      const lockedOut = await this.scans.lockedOut(tx, attempt);
      if (lockedOut !== null) return { waitSeconds: lockedOut };
      const check = await this.scans.check(tx, presented, true);
      if (!check.ok) {
        const overLimit = await this.scans.refuse(tx, attempt, check);
        return overLimit !== null ? { waitSeconds: overLimit } : { success: false, kind: check.kind, message: check.message };
      }
      const redeemed = await this.redemptions.markRedeemed(tx, raise, check.row, 'staff', adminId);
      if (!redeemed) {
        await this.scans.log(tx, attempt, {
          userCouponId: check.row.id,
          memberId: check.row.member_id,
          accepted: false,
          reason: ALREADY_REDEEMED,
        });
        return { success: false, kind: 'conflict', message: ALREADY_REDEEMED };
      }
      const message = redeemedMessage(redeemed.coupon.title, redeemed.first_name);
      await this.scans.log(tx, attempt, {
        userCouponId: redeemed.id,
        memberId: redeemed.member_id,
        accepted: true,
        reason: message,
      });
      return { success: true, message, userCouponId: redeemed.id };
    });
    if ('waitSeconds' in outcome) throw new TooManyRequestsException(outcome.waitSeconds);
    if (!outcome.success) throw new CouponFailure(outcome.kind, outcome.message);
    return outcome;
  }
}
