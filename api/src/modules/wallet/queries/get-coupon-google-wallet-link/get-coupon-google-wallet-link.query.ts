import { Query } from '@nestjs/cqrs';
import type { GoogleWalletLink } from '@nocturne/contracts';

/** A "Save to Google Wallet" link of one of the member's claimed coupons. */
export class GetCouponGoogleWalletLinkQuery extends Query<GoogleWalletLink> {
  constructor(
    readonly memberId: string,
    readonly userCouponId: string,
  ) {
    super();
  }
}
