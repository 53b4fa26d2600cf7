import { Command } from '@nestjs/cqrs';
import type { DoorHeaders, DoorRedeemResponse } from '@nocturne/contracts';
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
    /** What the phone says of itself: its own id and the named door it is at (both optional). */
    readonly door: DoorHeaders = {},
  ) {
    super();
  }
}
