import { Query } from '@nestjs/cqrs';
import type { GoogleWalletLink } from '@nocturne/contracts';

/** A "Save to Google Wallet" link of the member's card. */
export class GetCardGoogleWalletLinkQuery extends Query<GoogleWalletLink> {
  constructor(readonly memberId: string) {
    super();
  }
}
