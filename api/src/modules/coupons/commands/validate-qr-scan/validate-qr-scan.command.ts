import { Command } from '@nestjs/cqrs';
import type { QrValidateResponse } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';
import type { PresentedCoupon } from '../../presented-coupon.js';

/**
 * Staff scanning a member's QR code, or typing its short code, to see whether it is good, without
 * redeeming it; `role` is the staffer's (door staff learn less of the member).
 */
export class ValidateQrScanCommand extends Command<QrValidateResponse> {
  constructor(
    readonly adminId: string,
    readonly presented: PresentedCoupon,
    readonly role: Role,
  ) {
    super();
  }
}
