import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { QrValidateResponse } from '@nocturne/contracts';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { QrScanService } from '../../qr-scan.service.js';
import { QrTokenService } from '../../qr-token.service.js';
import { ValidateQrScanCommand } from './validate-qr-scan.command.js';

/** Answers `{valid: false, message}` for any bad scan (never an error status) and logs every attempt. */
@CommandHandler(ValidateQrScanCommand)
export class ValidateQrScanHandler implements ICommandHandler<ValidateQrScanCommand, QrValidateResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly scans: QrScanService,
    private readonly qr: QrTokenService,
  ) {}

  async execute({ adminId, scannedId, token }: ValidateQrScanCommand): Promise<QrValidateResponse> {
    return this.unitOfWork.run(async (tx) => {
      const check = await this.scans.check(tx, scannedId, token, false);
      const base = { adminId, scannedId, action: 'validate' as const };
      if (!check.ok) {
        await this.scans.log(tx, { ...base, userCouponId: check.row?.id ?? null, accepted: false, reason: check.message });
        return { valid: false, message: check.message };
      }
      const { row } = check;
      const message = 'Valid coupon';
      await this.scans.log(tx, { ...base, userCouponId: row.id, accepted: true, reason: message });
      return {
        valid: true,
        message,
        userCoupon: { id: row.id, qrCode: this.qr.tokenFor(row.id) },
        coupon: { title: row.coupon.title, code: row.coupon.code, type: row.coupon.type, value: row.coupon.value },
        user: { firstName: row.first_name, lastName: row.last_name, memberTier: row.member_tier },
      };
    });
  }
}
