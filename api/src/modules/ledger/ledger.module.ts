import { Global, Module } from '@nestjs/common';
import { CreditPointsWhenCommentPostedHandler } from './credit-points-when-comment-posted.handler.js';
import { CreditPointsWhenMemberVisitedHandler } from './credit-points-when-member-visited.handler.js';
import { CreditWelcomeBonusWhenMemberRegisteredHandler } from './credit-welcome-bonus-when-member-registered.handler.js';
import { DebitPointsWhenCouponClaimedHandler } from './debit-points-when-coupon-claimed.handler.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { PointsController } from './points.controller.js';
import { ListPointHistoryHandler } from './queries/list-point-history/list-point-history.handler.js';

@Global()
@Module({
  controllers: [PointsController],
  providers: [
    LedgerRepository,
    LedgerService,
    CreditWelcomeBonusWhenMemberRegisteredHandler,
    CreditPointsWhenCommentPostedHandler,
    CreditPointsWhenMemberVisitedHandler,
    DebitPointsWhenCouponClaimedHandler,
    ListPointHistoryHandler,
  ],
  exports: [LedgerService],
})
export class LedgerModule {}
