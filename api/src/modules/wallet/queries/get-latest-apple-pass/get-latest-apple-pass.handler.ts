import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { GetLatestApplePassQuery, type LatestApplePass } from './get-latest-apple-pass.query.js';

@QueryHandler(GetLatestApplePassQuery)
export class GetLatestApplePassHandler implements IQueryHandler<GetLatestApplePassQuery, LatestApplePass> {
  constructor(private readonly wallet: WalletService) {}

  async execute({ passTypeId, serialNumber, authorization, ifModifiedSince }: GetLatestApplePassQuery): Promise<LatestApplePass> {
    const pass = await this.wallet.authenticate(passTypeId, serialNumber, authorization);
    const modified = new Date(pass.updated_at);
    const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
    // HTTP dates have whole seconds: unchanged unless it changed after that second.
    if (!Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since) return { modified, pass: null };
    return { modified, pass: await this.wallet.latest(pass) };
  }
}
