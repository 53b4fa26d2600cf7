import { Command } from '@nestjs/cqrs';
import type { TierBenefitView, UpdateTierBenefitRequest } from '@nocturne/contracts';
import type { Tier } from '@nocturne/domain';

/** A manager's edit of one tier's benefit text, earning multiplier and monthly coupon. */
export class UpdateTierBenefitCommand extends Command<TierBenefitView> {
  constructor(
    readonly tier: Tier,
    readonly input: UpdateTierBenefitRequest,
    readonly managerId: string,
  ) {
    super();
  }
}
