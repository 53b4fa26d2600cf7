import type { ErrorKind } from '#common/errors/domain-error.js';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UndoRedemptionResponse } from '@nocturne/contracts';
import { COUPON_NOT_FOUND, DOOR_UNDO_OWN_ONLY } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { CouponFailure } from '#modules/coupons/coupon-failure.js';
import { DoorCoupons } from '#modules/coupons/door-coupons.service.js';
import { Redemptions } from '#modules/coupons/redemption.js';
import { UserCouponsRepository } from '#modules/coupons/user-coupons.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { UndoRedemptionCommand } from './undo-redemption.command.js';

type Outcome = { success: true; message: string } | { success: false; kind: ErrorKind; message: string };

/**
 * Undoes a redemption within the undo window. Door staff undo only redemptions they made
 * themselves (PRODUCT.md §6); managers and admins undo any. The attempt on an existing coupon is
 * logged in the same transaction whatever its outcome; a refusal becomes an error answer after that commit.
 */
@CommandHandler(UndoRedemptionCommand)
export class UndoRedemptionHandler implements ICommandHandler<UndoRedemptionCommand, UndoRedemptionResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly scans: DoorCoupons,
    private readonly coupons: UserCouponsRepository,
    private readonly redemptions: Redemptions,
    private readonly audit: AuditService,
    private readonly staffVenues: StaffVenues,
    private readonly em: EntityManager,
  ) {}

  async execute({ adminId, userCouponId, role }: UndoRedemptionCommand): Promise<UndoRedemptionResponse> {
    // Where the staffer works, read before the transaction (no transaction waits on the pool for it).
    const scope = await this.staffVenues.scopeOf(this.em, { id: adminId, role });
    const elsewhere = scope.all ? null : await this.staffVenues.worksAtOnly(scope);
    const outcome = await this.unitOfWork.run(async (tx, raise, lastly): Promise<Outcome> => {
      const row = await this.coupons.findUserCoupon(tx, userCouponId, { lock: true });
      if (!row) return { success: false, kind: 'not_found', message: COUPON_NOT_FOUND };
      if (role === 'door' && row.redeemed_at !== null && row.validated_by_id !== adminId) {
        await this.scans.recordUndo(tx, adminId, row, { accepted: false, reason: DOOR_UNDO_OWN_ONLY });
        return { success: false, kind: 'forbidden', message: DOOR_UNDO_OWN_ONLY };
      }
      // A redemption at a venue the staffer does not work at is not theirs to undo.
      if (elsewhere !== null && row.redeemed_venue_id !== null && !StaffVenues.covers(scope, row.redeemed_venue_id)) {
        await this.scans.recordUndo(tx, adminId, row, { accepted: false, reason: elsewhere });
        return { success: false, kind: 'forbidden', message: elsewhere };
      }
      const undo = await this.redemptions.undo(tx, raise, lastly, row, adminId);
      const message = undo.undone
        ? `Redemption of ${row.coupon.title} for ${row.first_name} undone: the coupon can be used again`
        : undo.message;
      await this.scans.recordUndo(tx, adminId, row, { accepted: undo.undone, reason: message });
      // Only an undo that happened is a staff action for the audit log; every attempt is in the scan log.
      if (undo.undone)
        await this.audit.record(tx, {
          actorId: adminId,
          actorRole: role,
          action: 'redemption.undo',
          targetType: 'user_coupon',
          targetId: userCouponId,
          before: { redeemed: true },
          after: { redeemed: false },
        });
      return undo.undone ? { success: true, message } : { success: false, kind: 'conflict', message };
    });
    if (!outcome.success) throw new CouponFailure(outcome.kind, outcome.message);
    return outcome;
  }
}
