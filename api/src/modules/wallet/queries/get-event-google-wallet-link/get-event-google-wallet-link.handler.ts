import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventPasses } from '#modules/wallet/event-passes.service.js';
import { GetEventGoogleWalletLinkQuery } from './get-event-google-wallet-link.query.js';

@QueryHandler(GetEventGoogleWalletLinkQuery)
export class GetEventGoogleWalletLinkHandler implements IQueryHandler<GetEventGoogleWalletLinkQuery, string> {
  constructor(private readonly passes: EventPasses) {}

  execute({ key, night }: GetEventGoogleWalletLinkQuery): Promise<string> {
    return this.passes.googleLink(key, night);
  }
}
