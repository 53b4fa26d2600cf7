import { Module } from '@nestjs/common';
import { AdminCouponsController } from './admin-coupons.controller.js';
import { AdminCouponsRepository } from './admin-coupons.repository.js';
import { ClaimCouponHandler } from './commands/claim-coupon/claim-coupon.handler.js';
import { CreateCouponHandler } from './commands/create-coupon/create-coupon.handler.js';
import { DeleteCouponHandler } from './commands/delete-coupon/delete-coupon.handler.js';
import { RedeemCouponHandler } from './commands/redeem-coupon/redeem-coupon.handler.js';
import { UndoRedemptionHandler } from './commands/undo-redemption/undo-redemption.handler.js';
import { UpdateCouponHandler } from './commands/update-coupon/update-coupon.handler.js';
import { CouponClaimsRepository } from './coupon-claims.repository.js';
import { CouponsController } from './coupons.controller.js';
import { CouponVenues } from './coupon-venues.service.js';
import { DoorCoupons } from './door-coupons.service.js';
import { OfflineRedemptions } from './offline-redemptions.js';
import { ScanLogErasure } from './scan-log-erasure.service.js';
import { QrTokenService } from './qr-token.service.js';
import { ShortCodeAttempts } from './short-code-attempts.service.js';
import { ShortCodeService } from './short-code.service.js';
import { Redemptions } from './redemption.js';
import { ScanLogRepository } from './scan-log.repository.js';
import { UserCouponsRepository } from './user-coupons.repository.js';
import { ListAdminCouponsHandler } from './queries/list-admin-coupons/list-admin-coupons.handler.js';
import { ListAvailableCouponsHandler } from './queries/list-available-coupons/list-available-coupons.handler.js';
import { ListMyCouponsHandler } from './queries/list-my-coupons/list-my-coupons.handler.js';
import { ListScansHandler } from './queries/list-scans/list-scans.handler.js';

/**
 * Coupons, claims, member redemption, and what door mode asks of coupons (DoorCoupons: finding,
 * judging and redeeming a coupon shown at the door, the typed-code limit and the scan log).
 */
@Module({
  controllers: [CouponsController, AdminCouponsController],
  providers: [
    QrTokenService,
    ScanLogErasure,
    ShortCodeService,
    ShortCodeAttempts,
    AdminCouponsRepository,
    CouponClaimsRepository,
    UserCouponsRepository,
    ScanLogRepository,
    Redemptions,
    DoorCoupons,
    OfflineRedemptions,
    CouponVenues,
    CreateCouponHandler,
    UpdateCouponHandler,
    DeleteCouponHandler,
    ClaimCouponHandler,
    RedeemCouponHandler,
    UndoRedemptionHandler,
    ListAdminCouponsHandler,
    ListAvailableCouponsHandler,
    ListMyCouponsHandler,
    ListScansHandler,
  ],
  exports: [QrTokenService, DoorCoupons, OfflineRedemptions, ScanLogErasure, ShortCodeService],
})
export class CouponsModule {}
