import { Command } from '@nestjs/cqrs';
import type { QrValidateResponse } from '@nocturne/contracts';

/** Staff scanning a member's QR code to see whether it is good, without redeeming it. */
export class ValidateQrScanCommand extends Command<QrValidateResponse> {
  constructor(
    readonly adminId: string,
    readonly scannedId: string,
    readonly token: string,
  ) {
    super();
  }
}
