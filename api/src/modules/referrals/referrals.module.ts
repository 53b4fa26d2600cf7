import { Global, Module } from '@nestjs/common';
import { PayReferralWhenCouponRedeemedHandler } from './pay-referral-when-coupon-redeemed.handler.js';
import { PayReferralWhenMemberVisitedHandler } from './pay-referral-when-member-visited.handler.js';
import { UpdateMembershipSettingsHandler } from './commands/update-membership-settings/update-membership-settings.handler.js';
import { GetMembershipSettingsHandler } from './queries/get-membership-settings/get-membership-settings.handler.js';
import { GetMyBirthdayHandler } from './queries/get-my-birthday/get-my-birthday.handler.js';
import { GetMyReferralsHandler } from './queries/get-my-referrals/get-my-referrals.handler.js';
import { ReferralsController } from './referrals.controller.js';
import { ReferralsRepository } from './referrals.repository.js';
import { Referrals } from './referrals.service.js';

/**
 * Referrals and the venue's membership settings (PRODUCT.md §2.5): invite codes, the referral a
 * sign-up records (auth asks through `Referrals`), the first visit's points for both members.
 * Global, like auth: the sign-up command records a referral in its own transaction.
 */
@Global()
@Module({
  controllers: [ReferralsController],
  providers: [
    ReferralsRepository,
    Referrals,
    PayReferralWhenMemberVisitedHandler,
    PayReferralWhenCouponRedeemedHandler,
    GetMyReferralsHandler,
    GetMyBirthdayHandler,
    GetMembershipSettingsHandler,
    UpdateMembershipSettingsHandler,
  ],
  exports: [Referrals],
})
export class ReferralsModule {}
