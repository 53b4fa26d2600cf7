import { Module } from '@nestjs/common';
import { MyTierController } from './my-tier.controller.js';
import { PromotionsController } from './promotions.controller.js';
import { TiersController } from './tiers.controller.js';
import { TiersRepository } from './tiers.repository.js';

/**
 * Tier benefits (PRODUCT.md §2.5 Tiers, issue #33 point 4): each tier's text, earning multiplier and
 * monthly coupon, which a manager edits; the earning promotions a manager schedules (issue #33
 * point 5) and the one members see running tonight.
 */
@Module({
  controllers: [TiersController, PromotionsController, MyTierController],
  providers: [TiersRepository],
})
export class TiersModule {}
