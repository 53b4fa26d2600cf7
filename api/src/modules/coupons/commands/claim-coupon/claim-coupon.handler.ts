import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';
import type { Tier } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { InsufficientPointsError } from '../../../ledger/ledger.service.js';
import { claimRefusal } from '../../claim-rules.js';
import { COUPON_NOT_FOUND, CouponFailure } from '../../coupon-failure.js';
import { couponColumns, type CouponRow, termsFromRow } from '../../coupon-view.js';
import { QrTokenService } from '../../qr-token.service.js';
import { ShortCodeService } from '../../short-code.service.js';
import { findUserCoupon, userCouponFromRow } from '../../user-coupon.repository.js';
import { ClaimCouponCommand } from './claim-coupon.command.js';

interface Claimant {
  id: string;
  member_tier: Tier;
  current_points: number;
}

/**
 * Claims a coupon in one transaction: every check, the new user coupon, the claimed count and the
 * points debit (by the CouponClaimed handler) commit together or not at all.
 */
@CommandHandler(ClaimCouponCommand)
export class ClaimCouponHandler implements ICommandHandler<ClaimCouponCommand, UserCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly qr: QrTokenService,
    private readonly shortCodes: ShortCodeService,
  ) {}

  async execute({ memberId, couponId }: ClaimCouponCommand): Promise<UserCoupon> {
    return this.unitOfWork.run(async (tx, raise) => {
      // The member's row lock queues this member's claims one behind another, so the count of
      // their earlier claims (per-member limit) and their balance are read after those commit.
      const member = (await tx.execute<Claimant[]>('select id, member_tier, current_points from members where id = ? for update', [memberId]))[0]!;
      await this.refuseIfNotClaimable(tx, couponId, member);
      // Global maxUses: parallel claims queue on the coupon's row and each re-checks claimed_count.
      const taken = await tx.execute<CouponRow[]>(
        `update coupons set claimed_count = claimed_count + 1, updated_at = now()
          where id = ? and is_active and archived_at is null and (valid_until is null or valid_until > now())
            and (max_uses is null or claimed_count < max_uses)
          returning id`,
        [couponId],
      );
      if (!taken[0]) {
        await this.refuseIfNotClaimable(tx, couponId, member);
        throw new CouponFailure('conflict', 'This coupon has been fully claimed');
      }
      const inserted = await tx.execute<{ id: string }[]>('insert into user_coupons (member_id, coupon_id) values (?, ?) returning id', [memberId, couponId]);
      const userCouponId = inserted[0]!.id;
      try {
        await raise(domainEvent('CouponClaimed', userCouponId, { userCouponId, memberId, couponId }));
      } catch (error) {
        // The ledger refuses to go below zero (a balance spent elsewhere since the check above).
        if (error instanceof InsufficientPointsError) throw new CouponFailure('conflict', 'Not enough points');
        throw error;
      }
      // Stored with the claim, so the code shown in this answer can be typed at the door right away.
      return userCouponFromRow(await this.shortCodes.ensure(tx, (await findUserCoupon(tx, userCouponId))!), this.qr);
    });
  }

  /** Throws the first reason this member may not claim the coupon now (claim-rules.ts). */
  private async refuseIfNotClaimable(tx: EntityManager, couponId: string, member: Claimant): Promise<void> {
    const coupon = (await tx.execute<CouponRow[]>(`select ${couponColumns()} from coupons where id = ?`, [couponId]))[0];
    if (!coupon) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
    const claims = await tx.execute<{ count: number }[]>('select count(*)::int as count from user_coupons where coupon_id = ? and member_id = ?', [
      couponId,
      member.id,
    ]);
    const refusal = claimRefusal(termsFromRow(coupon), { tier: member.member_tier, currentPoints: member.current_points, claims: claims[0]!.count }, new Date());
    if (refusal) throw new CouponFailure(refusal.kind, refusal.message);
  }
}
