import { Module } from '@nestjs/common';
import { CouponsModule } from '../coupons/coupons.module.js';
import { DoorModule } from '../door/door.module.js';
import { EventsModule } from '../events/events.module.js';
import { CardGuestList } from './card-guest-list.js';
import { EventPasses } from './event-passes.service.js';
import { IssueCardApplePassHandler } from './commands/issue-card-apple-pass/issue-card-apple-pass.handler.js';
import { IssueCouponApplePassHandler } from './commands/issue-coupon-apple-pass/issue-coupon-apple-pass.handler.js';
import { LogAppleWalletMessagesHandler } from './commands/log-apple-wallet-messages/log-apple-wallet-messages.handler.js';
import { RegisterAppleDeviceHandler } from './commands/register-apple-device/register-apple-device.handler.js';
import { UnregisterAppleDeviceHandler } from './commands/unregister-apple-device/unregister-apple-device.handler.js';
import { GetCardGoogleWalletLinkHandler } from './queries/get-card-google-wallet-link/get-card-google-wallet-link.handler.js';
import { GetEventApplePassHandler } from './queries/get-event-apple-pass/get-event-apple-pass.handler.js';
import { GetEventGoogleWalletLinkHandler } from './queries/get-event-google-wallet-link/get-event-google-wallet-link.handler.js';
import { GetCouponGoogleWalletLinkHandler } from './queries/get-coupon-google-wallet-link/get-coupon-google-wallet-link.handler.js';
import { GetLatestApplePassHandler } from './queries/get-latest-apple-pass/get-latest-apple-pass.handler.js';
import { GetWalletSettingsHandler } from './queries/get-wallet-settings/get-wallet-settings.handler.js';
import { ListUpdatedApplePassesHandler } from './queries/list-updated-apple-passes/list-updated-apple-passes.handler.js';
import { WalletController } from './wallet.controller.js';
import { WalletErasure } from './wallet-erasure.service.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';

/**
 * Wallet passes (README "Wallet passes"): Apple Wallet passes of the member card (with the
 * member's coming guest-list night) and claimed coupons with Apple's PassKit web service, "Save to
 * Google Wallet" links, and both wallets' passes of a published event night for anyone. The worker's wallet area marks passes changed and pushes
 * devices; this module hands passes out and answers devices.
 */
@Module({
  imports: [CouponsModule, DoorModule, EventsModule],
  controllers: [WalletController],
  providers: [
    WalletRepository,
    WalletService,
    WalletErasure,
    CardGuestList,
    EventPasses,
    GetWalletSettingsHandler,
    IssueCouponApplePassHandler,
    IssueCardApplePassHandler,
    RegisterAppleDeviceHandler,
    UnregisterAppleDeviceHandler,
    ListUpdatedApplePassesHandler,
    GetLatestApplePassHandler,
    LogAppleWalletMessagesHandler,
    GetCouponGoogleWalletLinkHandler,
    GetCardGoogleWalletLinkHandler,
    GetEventApplePassHandler,
    GetEventGoogleWalletLinkHandler,
  ],
  exports: [WalletErasure],
})
export class WalletModule {}
