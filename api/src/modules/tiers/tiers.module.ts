import { Module } from '@nestjs/common';
import { TiersController } from './tiers.controller.js';
import { TiersRepository } from './tiers.repository.js';

/**
 * Tier benefits (PRODUCT.md §2.6, issue #33 point 4): each tier's text, earning multiplier and
 * monthly coupon, which a manager edits.
 */
@Module({
  controllers: [TiersController],
  providers: [TiersRepository],
})
export class TiersModule {}
