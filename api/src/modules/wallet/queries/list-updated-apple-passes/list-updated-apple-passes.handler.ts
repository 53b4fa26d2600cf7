import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { ListUpdatedApplePassesQuery } from './list-updated-apple-passes.query.js';

@QueryHandler(ListUpdatedApplePassesQuery)
export class ListUpdatedApplePassesHandler implements IQueryHandler<
  ListUpdatedApplePassesQuery,
  { serialNumbers: string[]; lastUpdated: string } | null
> {
  constructor(private readonly wallet: WalletService) {}

  execute({
    passTypeId,
    deviceLibraryId,
    passesUpdatedSince,
  }: ListUpdatedApplePassesQuery): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
    return this.wallet.changedSince(passTypeId, deviceLibraryId, passesUpdatedSince);
  }
}
