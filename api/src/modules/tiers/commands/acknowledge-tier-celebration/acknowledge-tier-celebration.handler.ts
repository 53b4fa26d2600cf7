import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { tierRank } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { AcknowledgeTierCelebrationCommand } from './acknowledge-tier-celebration.command.js';

@CommandHandler(AcknowledgeTierCelebrationCommand)
export class AcknowledgeTierCelebrationHandler implements ICommandHandler<AcknowledgeTierCelebrationCommand, SuccessResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TiersRepository,
  ) {}

  async execute({ memberId, tier: asked }: AcknowledgeTierCelebrationCommand): Promise<SuccessResponse> {
    await this.unitOfWork.run(async (tx) => {
      const row = await this.repository.memberTier(tx, memberId);
      // Never above the tier the member has, never below one already celebrated.
      const tier = tierRank(asked) > tierRank(row.member_tier) ? row.member_tier : asked;
      if (row.celebrated && tierRank(row.celebrated) >= tierRank(tier)) return;
      await this.repository.saveCelebrated(tx, memberId, tier);
    });
    return { success: true };
  }
}
