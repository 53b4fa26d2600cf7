import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import type { Tier } from '@nocturne/domain';

/** The member has seen the celebration of `tier`. */
export class AcknowledgeTierCelebrationCommand extends Command<SuccessResponse> {
  constructor(
    readonly memberId: string,
    readonly tier: Tier,
  ) {
    super();
  }
}
