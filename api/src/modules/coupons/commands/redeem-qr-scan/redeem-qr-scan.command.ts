import { Command } from '@nestjs/cqrs';
import type { QrRedeemResponse } from '@nocturne/contracts';
import type { PresentedCoupon } from '../../presented-coupon.js';

/** Staff redeeming a scanned or typed coupon; `adminId` is the signed-in admin, whatever the client claims. */
export class RedeemQrScanCommand extends Command<QrRedeemResponse> {
  constructor(
    readonly adminId: string,
    readonly presented: PresentedCoupon,
  ) {
    super();
  }
}
