import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PromotionView } from '@nocturne/contracts';
import { promotionSchedule } from '@nocturne/ledger';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { checkedPromotion, PROMOTION_NOT_FOUND, PromotionViews } from '#modules/tiers/promotion-view.js';
import { TiersFailure } from '#modules/tiers/tiers-failure.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { UpdatePromotionCommand } from './update-promotion.command.js';

@CommandHandler(UpdatePromotionCommand)
export class UpdatePromotionHandler implements ICommandHandler<UpdatePromotionCommand, PromotionView> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TiersRepository,
    private readonly views: PromotionViews,
    private readonly audit: AuditService,
  ) {}

  async execute({ promotionId, input }: UpdatePromotionCommand): Promise<PromotionView> {
    const fields = checkedPromotion(input);
    await this.unitOfWork.run(async (tx) => {
      const before = await this.repository.promotion(tx, promotionId);
      if (!before || !(await this.repository.updatePromotion(tx, promotionId, fields)))
        throw new TiersFailure('not_found', PROMOTION_NOT_FOUND);
      await this.audit.record(tx, {
        action: 'promotion.update',
        targetType: 'promotion',
        targetId: promotionId,
        before: { ...promotionSchedule(before) },
        after: { ...promotionSchedule((await this.repository.promotion(tx, promotionId))!) },
      });
    });
    return this.views.find(this.em.fork(), promotionId);
  }
}
