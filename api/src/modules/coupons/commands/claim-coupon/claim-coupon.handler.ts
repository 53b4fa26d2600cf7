import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';
import { CLAIM_REFUSALS, COUPON_NOT_FOUND } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { InsufficientPointsError } from '#modules/ledger/ledger.public.js';
import { claimRefusal } from '#modules/coupons/claim-rules.js';
import { CouponFailure } from '#modules/coupons/coupon-failure.js';
import { termsFromRow, userCouponFromRow } from '#modules/coupons/coupon-view.js';
import { type Claimant, CouponClaimsRepository } from '#modules/coupons/coupon-claims.repository.js';
import type { CouponView } from '#modules/coupons/coupon-rows.js';
import { QrTokenService } from '#modules/coupons/qr-token.service.js';
import { ShortCodeService } from '#modules/coupons/short-code.service.js';
import { ClaimCouponCommand } from './claim-coupon.command.js';
import { UserCouponsRepository } from '#modules/coupons/user-coupons.repository.js';

/**
 * How often a claim starts again after the coupon changed between its check and its take in a way
 * that still lets this member claim it (its price changed, say). A change that refuses the claim
 * (the last use went to someone else) is answered at once, from the same transaction.
 */
const ATTEMPTS = 3;

/** The coupon changed under a claim after its check, and no rule refuses it: the claim starts again. */
class ClaimOvertaken extends Error {}

/**
 * Claims a coupon in one transaction: every check, the new user coupon, the points debit (by the
 * CouponClaimed handler), the outbox row and the claimed count commit together or not at all.
 */
@CommandHandler(ClaimCouponCommand)
export class ClaimCouponHandler implements ICommandHandler<ClaimCouponCommand, UserCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: CouponClaimsRepository,
    private readonly userCoupons: UserCouponsRepository,
    private readonly qr: QrTokenService,
    private readonly shortCodes: ShortCodeService,
  ) {}

  async execute({ memberId, couponId }: ClaimCouponCommand): Promise<UserCoupon> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.claim(memberId, couponId);
      } catch (error) {
        if (!(error instanceof ClaimOvertaken)) throw error;
        if (attempt === ATTEMPTS) throw new CouponFailure('conflict', CLAIM_REFUSALS.fully_claimed.message);
      }
    }
  }

  private claim(memberId: string, couponId: string): Promise<UserCoupon> {
    return this.unitOfWork.run(async (tx, raise, lastly) => {
      // The member's row lock queues this member's claims one behind another, so the count of
      // their earlier claims (per-member limit) and their balance are read after those commit,
      // and stay as read until this transaction ends.
      const member = (await this.coupons.lockClaimant(tx, memberId))!;
      const { coupon, claims } = await this.claimable(tx, couponId, member);
      const userCouponId = await this.coupons.insertUserCoupon(tx, memberId, couponId);
      try {
        await raise(
          domainEvent('CouponClaimed', userCouponId, {
            userCouponId,
            memberId,
            couponId,
            pointsCost: coupon.points_cost,
            title: coupon.title,
          }),
        );
      } catch (error) {
        // The ledger refuses to go below zero (a balance spent elsewhere since the check above).
        if (error instanceof InsufficientPointsError) throw new CouponFailure('conflict', CLAIM_REFUSALS.points.message);
        throw error;
      }
      // Stored with the claim, so the code shown in this answer can be typed at the door right away.
      const claimed = await this.shortCodes.ensure(tx, (await this.userCoupons.findUserCoupon(tx, userCouponId))!);
      // The database has the last word, under the coupon's row lock: parallel claims queue there,
      // and each is judged by the same rules on the count the one before it left, at the price this
      // one paid. Taken last, after the outbox row, that lock lasts one statement and the commit.
      lastly(async () => {
        const taken = await this.coupons.takeClaim(tx, {
          couponId,
          memberId,
          userCouponId,
          balanceBefore: member.current_points,
          price: coupon.points_cost,
        });
        // Refused at the take: the coupon as it is now says why (sold out to the claims ahead, most
        // often), judged on this member's facts before the claim, which their row lock kept as read.
        // Answered from here, rolled back, rather than queueing again for a connection to find it out.
        if (taken) return;
        judge(await this.coupons.findCoupon(tx, couponId), member, claims);
        throw new ClaimOvertaken();
      });
      return userCouponFromRow(claimed, this.qr);
    });
  }

  /** The coupon and the member's claims of it, or throws the first reason they may not claim it now. */
  private async claimable(tx: EntityManager, couponId: string, member: Claimant) {
    const coupon = await this.coupons.findCoupon(tx, couponId);
    const claims = coupon ? await this.coupons.countMemberClaims(tx, couponId, member.id) : 0;
    return { coupon: judge(coupon, member, claims), claims };
  }
}

/** The coupon, or throws the first reason this member, with `claims` of it already, may not claim it now (claim-rules.ts). */
function judge(coupon: CouponView | undefined, member: Claimant, claims: number): CouponView {
  if (!coupon) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
  const refusal = claimRefusal(
    termsFromRow(coupon),
    { tier: member.member_tier, currentPoints: member.current_points, claims },
    new Date(),
  );
  if (refusal) throw new CouponFailure(refusal.kind, refusal.message);
  return coupon;
}
