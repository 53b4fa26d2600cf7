import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WalletSettings } from '@nocturne/contracts';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { GetWalletSettingsQuery } from './get-wallet-settings.query.js';

@QueryHandler(GetWalletSettingsQuery)
export class GetWalletSettingsHandler implements IQueryHandler<GetWalletSettingsQuery, WalletSettings> {
  constructor(private readonly wallet: WalletService) {}

  execute(): Promise<WalletSettings> {
    return Promise.resolve(this.wallet.settings());
  }
}
