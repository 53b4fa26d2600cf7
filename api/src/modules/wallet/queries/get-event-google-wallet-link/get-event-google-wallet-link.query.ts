import { Query } from '@nestjs/cqrs';

/** A "Save to Google Wallet" link of a published event night (an event ticket), for anyone. */
export class GetEventGoogleWalletLinkQuery extends Query<string> {
  constructor(
    readonly key: string,
    readonly night: string | undefined,
  ) {
    super();
  }
}
