import { Module } from '@nestjs/common';
import { AcknowledgeTierCelebrationHandler } from './commands/acknowledge-tier-celebration/acknowledge-tier-celebration.handler.js';
import { CreatePromotionHandler } from './commands/create-promotion/create-promotion.handler.js';
import { DeletePromotionHandler } from './commands/delete-promotion/delete-promotion.handler.js';
import { UpdatePromotionHandler } from './commands/update-promotion/update-promotion.handler.js';
import { UpdateTierBenefitHandler } from './commands/update-tier-benefit/update-tier-benefit.handler.js';
import { MyTierController } from './my-tier.controller.js';
import { PromotionViews } from './promotion-view.js';
import { PromotionsController } from './promotions.controller.js';
import { GetMyTierHandler } from './queries/get-my-tier/get-my-tier.handler.js';
import { GetPromotionTonightHandler } from './queries/get-promotion-tonight/get-promotion-tonight.handler.js';
import { ListPromotionsHandler } from './queries/list-promotions/list-promotions.handler.js';
import { ListTierBenefitsHandler } from './queries/list-tier-benefits/list-tier-benefits.handler.js';
import { TiersController } from './tiers.controller.js';
import { TiersRepository } from './tiers.repository.js';

/**
 * Tier benefits (PRODUCT.md §2.5 Tiers): each tier's text, earning multiplier and monthly coupon,
 * which a manager edits; the earning promotions a manager schedules and the one members see
 * running tonight.
 */
@Module({
  controllers: [TiersController, PromotionsController, MyTierController],
  providers: [
    TiersRepository,
    PromotionViews,
    GetMyTierHandler,
    AcknowledgeTierCelebrationHandler,
    ListTierBenefitsHandler,
    UpdateTierBenefitHandler,
    ListPromotionsHandler,
    GetPromotionTonightHandler,
    CreatePromotionHandler,
    UpdatePromotionHandler,
    DeletePromotionHandler,
  ],
})
export class TiersModule {}
