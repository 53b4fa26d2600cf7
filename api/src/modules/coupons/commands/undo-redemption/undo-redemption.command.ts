import { Command } from '@nestjs/cqrs';
import type { UndoRedemptionResponse } from '@nocturne/contracts';

/** Staff rolling back a redemption (the wrong coupon was scanned); `adminId` is the signed-in admin. */
export class UndoRedemptionCommand extends Command<UndoRedemptionResponse> {
  constructor(
    readonly adminId: string,
    readonly userCouponId: string,
  ) {
    super();
  }
}
