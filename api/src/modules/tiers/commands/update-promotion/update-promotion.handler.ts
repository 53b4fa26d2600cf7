import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PromotionView } from '@nocturne/contracts';
import { promotionSchedule } from '@nocturne/ledger';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { checkedPromotion, PROMOTION_NOT_FOUND, PromotionViews } from '#modules/tiers/promotion-view.js';
import { TiersFailure } from '#modules/tiers/tiers-failure.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { UpdatePromotionCommand } from './update-promotion.command.js';

@CommandHandler(UpdatePromotionCommand)
export class UpdatePromotionHandler implements ICommandHandler<UpdatePromotionCommand, PromotionView> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TiersRepository,
    private readonly views: PromotionViews,
    private readonly audit: AuditService,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ promotionId, input, staffId }: UpdatePromotionCommand): Promise<PromotionView> {
    const fields = checkedPromotion(input);
    const venueIds = input.venueIds === undefined ? undefined : await this.views.checkedVenues(input.venueIds);
    await this.unitOfWork.run(async (tx) => {
      const before = await this.repository.promotion(tx, promotionId);
      if (!before) throw new TiersFailure('not_found', PROMOTION_NOT_FOUND);
      await this.staffVenues.assertMayWriteFor(tx, staffId, 'promotion', {
        before: before.venue_ids.map(Number),
        after: venueIds,
      });
      if (!(await this.repository.updatePromotion(tx, promotionId, fields)))
        throw new TiersFailure('not_found', PROMOTION_NOT_FOUND);
      if (venueIds !== undefined) await this.repository.setPromotionVenues(tx, promotionId, venueIds);
      const after = (await this.repository.promotion(tx, promotionId))!;
      // The venues are named when there are some (before or after): a group-wide promotion's entry reads as before.
      const venues = (row: typeof before) => (row.venue_ids.length > 0 ? { venueIds: row.venue_ids.map(Number) } : {});
      await this.audit.record(tx, {
        action: 'promotion.update',
        targetType: 'promotion',
        targetId: promotionId,
        before: { ...promotionSchedule(before), ...venues(before) },
        after: { ...promotionSchedule(after), ...venues(after) },
      });
    });
    return this.views.find(this.em.fork(), promotionId);
  }
}
