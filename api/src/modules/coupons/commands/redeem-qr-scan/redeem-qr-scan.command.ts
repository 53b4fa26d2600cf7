import { Command } from '@nestjs/cqrs';
import type { QrRedeemResponse } from '@nocturne/contracts';

/** Staff redeeming a scanned coupon; `adminId` is the signed-in admin, whatever the client claims. */
export class RedeemQrScanCommand extends Command<QrRedeemResponse> {
  constructor(
    readonly adminId: string,
    readonly scannedId: string,
    readonly token: string,
  ) {
    super();
  }
}
