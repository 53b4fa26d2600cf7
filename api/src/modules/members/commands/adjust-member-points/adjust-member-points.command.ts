import { Command } from '@nestjs/cqrs';
import type { PointsAdjustmentResponse } from '@nocturne/contracts';

export class AdjustMemberPointsCommand extends Command<PointsAdjustmentResponse> {
  constructor(
    readonly memberId: string,
    readonly adminId: string,
    readonly points: number,
    readonly reason: string,
  ) {
    super();
  }
}
