import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';
import { CLAIM_REFUSALS, COUPON_NOT_FOUND } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { InsufficientPointsError } from '../../../ledger/ledger.public.js';
import { claimRefusal } from '../../claim-rules.js';
import { CouponFailure } from '../../coupon-failure.js';
import { termsFromRow, userCouponFromRow } from '../../coupon-view.js';
import { type Claimant, CouponsRepository } from '../../coupons.repository.js';
import { QrTokenService } from '../../qr-token.service.js';
import { ShortCodeService } from '../../short-code.service.js';
import { ClaimCouponCommand } from './claim-coupon.command.js';

/**
 * Claims a coupon in one transaction: every check, the new user coupon, the claimed count and the
 * points debit (by the CouponClaimed handler) commit together or not at all.
 */
@CommandHandler(ClaimCouponCommand)
export class ClaimCouponHandler implements ICommandHandler<ClaimCouponCommand, UserCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: CouponsRepository,
    private readonly qr: QrTokenService,
    private readonly shortCodes: ShortCodeService,
  ) {}

  async execute({ memberId, couponId }: ClaimCouponCommand): Promise<UserCoupon> {
    return this.unitOfWork.run(async (tx, raise) => {
      // The member's row lock queues this member's claims one behind another, so the count of
      // their earlier claims (per-member limit) and their balance are read after those commit.
      const member = (await this.coupons.lockClaimant(tx, memberId))!;
      await this.refuseIfNotClaimable(tx, couponId, member);
      // The database has the last word, under the coupon's row lock: parallel claims queue there,
      // and each is judged by the same rules on the count the one before it left.
      const taken = await this.coupons.takeClaim(tx, couponId, memberId);
      if (!taken) {
        // Name what changed since the check above (almost always: the last use went to someone else).
        await this.refuseIfNotClaimable(tx, couponId, member);
        throw new CouponFailure('conflict', CLAIM_REFUSALS.fully_claimed.message);
      }
      const userCouponId = await this.coupons.insertUserCoupon(tx, memberId, couponId);
      try {
        await raise(
          domainEvent('CouponClaimed', userCouponId, {
            userCouponId,
            memberId,
            couponId,
            pointsCost: taken.points_cost,
            title: taken.title,
          }),
        );
      } catch (error) {
        // The ledger refuses to go below zero (a balance spent elsewhere since the check above).
        if (error instanceof InsufficientPointsError) throw new CouponFailure('conflict', CLAIM_REFUSALS.points.message);
        throw error;
      }
      // Stored with the claim, so the code shown in this answer can be typed at the door right away.
      return userCouponFromRow(await this.shortCodes.ensure(tx, (await this.coupons.findUserCoupon(tx, userCouponId))!), this.qr);
    });
  }

  /** Throws the first reason this member may not claim the coupon now (claim-rules.ts). */
  private async refuseIfNotClaimable(tx: EntityManager, couponId: string, member: Claimant): Promise<void> {
    const coupon = await this.coupons.findCoupon(tx, couponId);
    if (!coupon) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
    const claims = await this.coupons.countMemberClaims(tx, couponId, member.id);
    const refusal = claimRefusal(
      termsFromRow(coupon),
      { tier: member.member_tier, currentPoints: member.current_points, claims },
      new Date(),
    );
    if (refusal) throw new CouponFailure(refusal.kind, refusal.message);
  }
}
