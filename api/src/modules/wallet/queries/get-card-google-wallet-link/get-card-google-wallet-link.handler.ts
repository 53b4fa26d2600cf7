import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { GoogleWalletLink } from '@nocturne/contracts';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { GetCardGoogleWalletLinkQuery } from './get-card-google-wallet-link.query.js';

@QueryHandler(GetCardGoogleWalletLinkQuery)
export class GetCardGoogleWalletLinkHandler implements IQueryHandler<GetCardGoogleWalletLinkQuery, GoogleWalletLink> {
  constructor(private readonly wallet: WalletService) {}

  async execute({ memberId }: GetCardGoogleWalletLinkQuery): Promise<GoogleWalletLink> {
    return { url: await this.wallet.googleCardLink(memberId) };
  }
}
