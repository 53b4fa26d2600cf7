import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TierBenefitView } from '@nocturne/contracts';
import { parseMultiplier } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { benefitView } from '#modules/tiers/tier-benefit-view.js';
import { TiersFailure } from '#modules/tiers/tiers-failure.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { UpdateTierBenefitCommand } from './update-tier-benefit.command.js';

@CommandHandler(UpdateTierBenefitCommand)
export class UpdateTierBenefitHandler implements ICommandHandler<UpdateTierBenefitCommand, TierBenefitView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TiersRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ tier, input, managerId }: UpdateTierBenefitCommand): Promise<TierBenefitView> {
    const multiplier = parseMultiplier(input.multiplier);
    if (multiplier === null) {
      const message = 'Must be a number from 1.00 to 5.00 with at most two decimals';
      throw new TiersFailure('invalid', message, { issues: [{ path: 'multiplier', message }] });
    }
    return this.unitOfWork.run(async (tx) => {
      if (input.monthlyCouponId && !(await this.repository.couponIsActive(tx, input.monthlyCouponId))) {
        const message = 'No such active coupon';
        throw new TiersFailure('invalid', message, { issues: [{ path: 'monthlyCouponId', message }] });
      }
      const before = (await this.repository.benefits(tx)).find((row) => row.tier === tier)!;
      await this.repository.saveBenefit(tx, tier, { ...input, multiplier }, managerId);
      const after = (await this.repository.benefits(tx)).find((row) => row.tier === tier)!;
      await this.audit.record(tx, {
        action: 'tier.benefits',
        targetType: 'tier_benefits',
        targetId: tier,
        before: { ...benefitView(before) },
        after: { ...benefitView(after) },
      });
      return benefitView(after);
    });
  }
}
