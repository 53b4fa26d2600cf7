import { Command } from '@nestjs/cqrs';
import type { QrValidateResponse } from '@nocturne/contracts';
import type { PresentedCoupon } from '../../presented-coupon.js';

/** Staff scanning a member's QR code, or typing its short code, to see whether it is good, without redeeming it. */
export class ValidateQrScanCommand extends Command<QrValidateResponse> {
  constructor(
    readonly adminId: string,
    readonly presented: PresentedCoupon,
  ) {
    super();
  }
}
