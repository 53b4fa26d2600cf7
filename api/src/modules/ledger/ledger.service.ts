import { Injectable } from '@nestjs/common';
import { Ledger, tierThresholdsFrom } from '@nocturne/ledger';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';

export { InsufficientPointsError } from '@nocturne/ledger';

/**
 * The points ledger (@nocturne/ledger, which the worker's points expiry uses too) as the api's
 * provider, with the tier thresholds of the api's configuration. The rules and statements are the
 * library's; every write of points in the api goes through here.
 */
@Injectable()
export class LedgerService extends Ledger {
  constructor(@InjectConfig() config: ApiConfig) {
    super(tierThresholdsFrom(config));
  }
}
