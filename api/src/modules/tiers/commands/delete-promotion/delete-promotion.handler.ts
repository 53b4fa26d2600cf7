import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { promotionSchedule } from '@nocturne/ledger';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { PROMOTION_NOT_FOUND } from '#modules/tiers/promotion-view.js';
import { TiersFailure } from '#modules/tiers/tiers-failure.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { DeletePromotionCommand } from './delete-promotion.command.js';

@CommandHandler(DeletePromotionCommand)
export class DeletePromotionHandler implements ICommandHandler<DeletePromotionCommand, SuccessResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TiersRepository,
    private readonly audit: AuditService,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ promotionId, staffId }: DeletePromotionCommand): Promise<SuccessResponse> {
    await this.unitOfWork.run(async (tx) => {
      const before = await this.repository.promotion(tx, promotionId);
      if (!before) throw new TiersFailure('not_found', PROMOTION_NOT_FOUND);
      await this.staffVenues.assertMayWriteFor(tx, staffId, 'promotion', { before: before.venue_ids.map(Number) });
      if (!(await this.repository.deleteUnpaidPromotion(tx, promotionId)))
        throw new TiersFailure(
          'conflict',
          'This promotion has paid points, so the ledger keeps it: change its end date to end it',
        );
      await this.audit.record(tx, {
        action: 'promotion.delete',
        targetType: 'promotion',
        targetId: promotionId,
        before: { ...promotionSchedule(before) },
      });
    });
    return { success: true };
  }
}
