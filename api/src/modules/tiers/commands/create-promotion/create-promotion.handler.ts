import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PromotionView } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { checkedPromotion, PromotionViews } from '#modules/tiers/promotion-view.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { CreatePromotionCommand } from './create-promotion.command.js';

@CommandHandler(CreatePromotionCommand)
export class CreatePromotionHandler implements ICommandHandler<CreatePromotionCommand, PromotionView> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TiersRepository,
    private readonly views: PromotionViews,
    private readonly audit: AuditService,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ input, managerId }: CreatePromotionCommand): Promise<PromotionView> {
    const fields = checkedPromotion(input);
    const venueIds = await this.views.checkedVenues(input.venueIds ?? []);
    const id = await this.unitOfWork.run(async (tx) => {
      await this.staffVenues.assertMayWriteFor(tx, managerId, 'promotion', { after: venueIds });
      const created = await this.repository.insertPromotion(tx, fields, managerId);
      await this.repository.setPromotionVenues(tx, created, venueIds);
      await this.audit.record(tx, {
        action: 'promotion.create',
        targetType: 'promotion',
        targetId: created,
        after: { ...fields, ...(venueIds.length > 0 ? { venueIds } : {}) },
      });
      return created;
    });
    return this.views.find(this.em.fork(), id);
  }
}
