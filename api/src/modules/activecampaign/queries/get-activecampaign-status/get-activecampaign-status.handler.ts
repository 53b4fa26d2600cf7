import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AC_PENDING_COUNT_CAP, type ActiveCampaignStatus } from '@nocturne/contracts';
import { isoTimestampOrNull } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { AcConnectionService } from '#modules/activecampaign/ac-connection.service.js';
import { acConfigured, acMissingVariables } from '#modules/activecampaign/activecampaign-settings.js';
import { ActiveCampaignRepository } from '#modules/activecampaign/activecampaign.repository.js';
import { GetActiveCampaignStatusQuery } from './get-activecampaign-status.query.js';

/** What the admin's ActiveCampaign tab shows of ActiveCampaign: configuration, whether AC answers, members pending or failed, the running job. */
@QueryHandler(GetActiveCampaignStatusQuery)
export class GetActiveCampaignStatusHandler implements IQueryHandler<GetActiveCampaignStatusQuery, ActiveCampaignStatus> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly connection: AcConnectionService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute(): Promise<ActiveCampaignStatus> {
    const [row, connection] = await Promise.all([this.activeCampaign.memberSyncSummary(this.em), this.connection.current()]);
    const configured = acConfigured(this.config);
    return {
      configured,
      connection,
      missingVariables: acMissingVariables(this.config),
      accountUrl: this.config.AC_API_URL ?? null,
      listId: configured ? (this.config.AC_LIST_ID ?? null) : null,
      customFields: {
        tier: configured && Boolean(this.config.AC_FIELD_TIER),
        points: configured && Boolean(this.config.AC_FIELD_POINTS),
      },
      autoSync: configured && this.config.AC_AUTO_SYNC,
      lastSyncAt: isoTimestampOrNull(row?.last_sync_at),
      pending: Math.min(Number(row?.pending ?? 0), AC_PENDING_COUNT_CAP),
      pendingCapped: Number(row?.pending ?? 0) > AC_PENDING_COUNT_CAP,
      failed: Number(row?.failed ?? 0),
      runningJobId: row?.running ?? null,
    };
  }
}
