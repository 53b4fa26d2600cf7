import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { QrValidateResponse } from '@nocturne/contracts';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { TooManyRequestsException } from '../../../auth/auth.public.js';
import { QrScanService, type ScanAttempt } from '../../qr-scan.service.js';
import { QrTokenService } from '../../qr-token.service.js';
import { ValidateQrScanCommand } from './validate-qr-scan.command.js';

type Outcome = { answer: QrValidateResponse } | { waitSeconds: number };

/**
 * Answers `{valid: false, message}` for any bad scan or code (never an error status), in door
 * mode's words for a coupon that cannot be used ("Already used at 23:41 (Sam)", "Member account
 * disabled"), and logs every attempt. Only too many wrong typed codes are an error: 429, after the
 * log has committed.
 */
@CommandHandler(ValidateQrScanCommand)
export class ValidateQrScanHandler implements ICommandHandler<ValidateQrScanCommand, QrValidateResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly scans: QrScanService,
    private readonly qr: QrTokenService,
  ) {}

  async execute({ adminId, presented, role }: ValidateQrScanCommand): Promise<QrValidateResponse> {
    const outcome = await this.unitOfWork.run(async (tx): Promise<Outcome> => {
      const attempt: ScanAttempt = { adminId, presented, action: 'validate' };
      const lockedOut = await this.scans.lockedOut(tx, attempt);
      if (lockedOut !== null) return { waitSeconds: lockedOut };
      const check = await this.scans.check(tx, presented, false);
      if (!check.ok) {
        const overLimit = await this.scans.refuse(tx, attempt, check);
        return overLimit !== null ? { waitSeconds: overLimit } : { answer: { valid: false, message: check.message } };
      }
      const { row } = check;
      const message = 'Valid coupon';
      await this.scans.log(tx, attempt, { userCouponId: row.id, memberId: row.member_id, accepted: true, reason: message });
      return {
        answer: {
          valid: true,
          message,
          userCoupon: { id: row.id, qrCode: this.qr.tokenFor(row.id) },
          coupon: { title: row.coupon.title, code: row.coupon.code, type: row.coupon.type, value: row.coupon.value },
          // Of a scanned member door staff see only the first name and tier (PRODUCT.md §6).
          user: { firstName: row.first_name, lastName: role === 'door' ? null : row.last_name, memberTier: row.member_tier },
        },
      };
    });
    if ('waitSeconds' in outcome) throw new TooManyRequestsException(outcome.waitSeconds);
    return outcome.answer;
  }
}
