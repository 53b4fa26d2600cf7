import { Command } from '@nestjs/cqrs';
import type { UndoRedemptionResponse } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/**
 * Staff rolling back a redemption (the wrong coupon was scanned); `adminId` is the signed-in
 * staffer and `role` theirs (door staff may undo only their own redemptions).
 */
export class UndoRedemptionCommand extends Command<UndoRedemptionResponse> {
  constructor(
    readonly adminId: string,
    readonly userCouponId: string,
    readonly role: Role,
  ) {
    super();
  }
}
