import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { GoogleWalletLink } from '@nocturne/contracts';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { GetCouponGoogleWalletLinkQuery } from './get-coupon-google-wallet-link.query.js';

@QueryHandler(GetCouponGoogleWalletLinkQuery)
export class GetCouponGoogleWalletLinkHandler implements IQueryHandler<GetCouponGoogleWalletLinkQuery, GoogleWalletLink> {
  constructor(private readonly wallet: WalletService) {}

  async execute({ memberId, userCouponId }: GetCouponGoogleWalletLinkQuery): Promise<GoogleWalletLink> {
    return { url: await this.wallet.googleCouponLink(memberId, userCouponId) };
  }
}
