import { Command } from '@nestjs/cqrs';
import type { PointsAdjustmentResponse } from '@nocturne/contracts';

export class AdjustMemberPointsCommand extends Command<PointsAdjustmentResponse> {
  constructor(
    readonly memberId: string,
    readonly adminId: string,
    readonly points: number,
    readonly reason: string,
    /** The adjuster's choice for added points: toward total earned (the tier) or the balance only. */
    readonly countsTowardTier: boolean,
  ) {
    super();
  }
}
