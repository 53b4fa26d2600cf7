import { Module } from '@nestjs/common';
import { CouponsModule } from '../coupons/coupons.module.js';
import { DoorModule } from '../door/door.module.js';
import { WalletController } from './wallet.controller.js';
import { WalletErasure } from './wallet-erasure.service.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';

/**
 * Wallet passes (README "Wallet passes"): Apple Wallet passes of the member card and claimed
 * coupons with Apple's PassKit web service, and "Save to Google Wallet" links. The worker's wallet
 * area marks passes changed and pushes devices; this module hands passes out and answers devices.
 */
@Module({
  imports: [CouponsModule, DoorModule],
  controllers: [WalletController],
  providers: [WalletRepository, WalletService, WalletErasure],
  exports: [WalletErasure],
})
export class WalletModule {}
