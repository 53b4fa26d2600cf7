import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AC_PENDING_COUNT_CAP, type AdminOverview } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { acConfigured } from '#modules/activecampaign/activecampaign-settings.js';
import { ActiveCampaignRepository } from '#modules/activecampaign/activecampaign.repository.js';
import { GetSyncHealthQuery } from './get-sync-health.query.js';

type SyncHealth = AdminOverview['activeCampaign'];

/** Whether the sync is set up and keeping up: members failed or pending, the latest refusal, the latest bulk sync. */
@QueryHandler(GetSyncHealthQuery)
export class GetSyncHealthHandler implements IQueryHandler<GetSyncHealthQuery, SyncHealth> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute(): Promise<SyncHealth> {
    const row = await this.activeCampaign.syncHealth(this.em);
    return {
      configured: acConfigured(this.config),
      lastSyncAt: isoTimestampOrNull(row.last_sync_at),
      failedContacts: Number(row.failed),
      pendingContacts: Math.min(Number(row.pending), AC_PENDING_COUNT_CAP),
      pendingCapped: Number(row.pending) > AC_PENDING_COUNT_CAP,
      lastError: row.last_error && row.last_error_at ? { message: row.last_error, at: isoTimestamp(row.last_error_at) } : null,
      lastJob:
        row.job_state && row.job_started_at
          ? {
              state: row.job_state,
              startedAt: isoTimestamp(row.job_started_at),
              finishedAt: isoTimestampOrNull(row.job_finished_at),
              total: Number(row.job_total),
              synced: Number(row.job_synced),
              failed: Number(row.job_failed),
            }
          : null,
    };
  }
}
