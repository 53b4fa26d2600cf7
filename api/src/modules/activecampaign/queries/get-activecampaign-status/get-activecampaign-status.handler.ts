import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ActiveCampaignStatus } from '@nocturne/contracts';
import { isoTimestampOrNull } from '../../../../common/timestamps.js';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { acConfigured, acMissingVariables } from '../../activecampaign-settings.js';
import { ActiveCampaignRepository } from '../../activecampaign.repository.js';
import { GetActiveCampaignStatusQuery } from './get-activecampaign-status.query.js';

/** What the admin's e-mail tab shows of ActiveCampaign: configuration, members pending or failed, the running job. */
@QueryHandler(GetActiveCampaignStatusQuery)
export class GetActiveCampaignStatusHandler implements IQueryHandler<GetActiveCampaignStatusQuery, ActiveCampaignStatus> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute(): Promise<ActiveCampaignStatus> {
    const row = await this.activeCampaign.memberSyncSummary(this.em);
    const configured = acConfigured(this.config);
    return {
      configured,
      missingVariables: acMissingVariables(this.config),
      accountUrl: this.config.AC_API_URL ?? null,
      listId: configured ? (this.config.AC_LIST_ID ?? null) : null,
      customFields: {
        tier: configured && Boolean(this.config.AC_FIELD_TIER),
        points: configured && Boolean(this.config.AC_FIELD_POINTS),
      },
      autoSync: configured && this.config.AC_AUTO_SYNC,
      lastSyncAt: isoTimestampOrNull(row?.last_sync_at),
      pending: row?.pending ?? 0,
      failed: row?.failed ?? 0,
      runningJobId: row?.running ?? null,
    };
  }
}
