import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { COUPON_NOT_FOUND, CouponFailure } from '../../coupon-failure.js';
import { adminCouponFromRow, couponColumns, type CouponRow } from '../../coupon-view.js';
import { DeleteCouponCommand } from './delete-coupon.command.js';

/**
 * Deletes a coupon nobody holds; archives one that members hold (no new claims, their history
 * and the ledger rows that name it stay). Answers the coupon as it was left.
 */
@CommandHandler(DeleteCouponCommand)
export class DeleteCouponHandler implements ICommandHandler<DeleteCouponCommand, AdminCoupon> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ couponId }: DeleteCouponCommand): Promise<AdminCoupon> {
    return this.unitOfWork.run(async (tx) => {
      // The row lock queues this behind claims in flight (and them behind it), so the holder
      // count below cannot miss a claim that commits meanwhile.
      const locked = await tx.execute<CouponRow[]>(
        `select ${couponColumns()} from coupons where id = ? and archived_at is null for update`,
        [couponId],
      );
      if (!locked[0]) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
      const held = await tx.execute<{ held: boolean }[]>('select exists (select 1 from user_coupons where coupon_id = ?) as held', [couponId]);
      if (!held[0]!.held) {
        await tx.execute('delete from coupons where id = ?', [couponId]);
        return adminCouponFromRow(locked[0]);
      }
      const archived = await tx.execute<CouponRow[]>(
        `update coupons set archived_at = now(), is_active = false, updated_at = now() where id = ? returning ${couponColumns()}`,
        [couponId],
      );
      return adminCouponFromRow(archived[0]!);
    });
  }
}
