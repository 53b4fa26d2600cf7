import { readFileSync } from 'node:fs';
import { type DynamicModule, Module } from '@nestjs/common';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config.js';
import type { WorkerArea } from '../runtime/worker-area.js';
import { ApnsClient } from './apns-client.js';
import { GUEST_LIST_PASSES_EVERY_MS, GuestListPassesJob } from './guest-list-passes.job.js';
import { APNS_CLIENT, UpdatePassesJob } from './update-passes.job.js';
import { WalletProcessor } from './wallet.processor.js';
import { WalletRepository } from './wallet.repository.js';

const WALLET_JOBS = [UpdatePassesJob, GuestListPassesJob];

/** The APNs client when Apple Wallet pushes are configured (pass type, team, APNs key and its id); null otherwise. */
function apnsClientFrom(config: WorkerConfig): ApnsClient | null {
  if (!config.APPLE_PASS_TYPE_ID || !config.APPLE_TEAM_ID || !config.APNS_KEY_FILE || !config.APNS_KEY_ID) return null;
  return new ApnsClient({
    url: config.APNS_URL,
    keyPem: readFileSync(config.APNS_KEY_FILE, 'utf8'),
    keyId: config.APNS_KEY_ID,
    teamId: config.APPLE_TEAM_ID,
    topic: config.APPLE_PASS_TYPE_ID,
  });
}

/** Apple Wallet pass updates: marks passes changed and pushes their registered devices through APNs. */
@Module({})
class WalletModule {
  static forRoot(): DynamicModule {
    return {
      module: WalletModule,
      providers: [
        ...WALLET_JOBS,
        WalletProcessor,
        WalletRepository,
        { provide: APNS_CLIENT, inject: [WORKER_CONFIG], useFactory: (config: WorkerConfig) => apnsClientFrom(config) },
      ],
    };
  }
}

export const walletArea: WorkerArea = {
  name: 'wallet',
  module: WalletModule.forRoot(),
  jobs: WALLET_JOBS,
  processor: WalletProcessor,
  schedules: [
    // A card showing a guest-list night is pushed once that night's last entry has passed.
    {
      schedulerId: 'guest-list-passes',
      repeat: { every: GUEST_LIST_PASSES_EVERY_MS },
      name: 'maintenance.guest-list-passes',
      payload: {},
    },
  ],
};
