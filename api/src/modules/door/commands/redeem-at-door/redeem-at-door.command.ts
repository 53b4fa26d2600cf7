import { Command } from '@nestjs/cqrs';
import type { DoorRedeemResponse } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/**
 * A staffer in door mode redeeming what they just checked: the same text, and for a member card
 * the coupon chosen from its list (`userCouponId`); `staffId` is the signed-in staffer.
 */
export class RedeemAtDoorCommand extends Command<DoorRedeemResponse> {
  constructor(
    readonly staffId: string,
    readonly text: string,
    readonly method: 'scan' | 'typed',
    readonly userCouponId: string | undefined,
    readonly staffRole: Role = 'door',
    readonly venueId: number | undefined = undefined,
  ) {
    super();
  }
}
