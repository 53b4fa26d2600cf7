import { Query } from '@nestjs/cqrs';
import type { WalletSettings } from '@nocturne/contracts';

/** Which wallets are configured. */
export class GetWalletSettingsQuery extends Query<WalletSettings> {}
