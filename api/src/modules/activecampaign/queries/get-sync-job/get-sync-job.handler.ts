import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SyncJobStatus } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import { AcConnectionService } from '#modules/activecampaign/ac-connection.service.js';
import { ActiveCampaignRepository } from '#modules/activecampaign/activecampaign.repository.js';
import { GetSyncJobQuery } from './get-sync-job.query.js';

/** A bulk sync's progress, and whether it waits for AC to answer; undefined when there is no such job. */
@QueryHandler(GetSyncJobQuery)
export class GetSyncJobHandler implements IQueryHandler<GetSyncJobQuery, SyncJobStatus | undefined> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly connection: AcConnectionService,
  ) {}

  async execute({ syncJobId }: GetSyncJobQuery): Promise<SyncJobStatus | undefined> {
    const row = await this.activeCampaign.syncJobProgress(this.em, syncJobId);
    if (!row) return undefined;
    const { synced, failed } = row;
    // A running sync whose calls cannot reach AC waits (the worker pauses the queue) and resumes by itself.
    const connection = row.state === 'running' ? await this.connection.current() : undefined;
    const paused =
      connection?.state === 'unreachable' ? { since: connection.unreachableSince!, reason: connection.reason! } : null;
    const percent = row.total ? Math.floor(((synced + failed) * 100) / row.total) : row.state === 'completed' ? 100 : 0;
    return {
      jobId: row.id,
      state: row.state,
      total: row.total,
      synced,
      failed,
      percent,
      startedAt: isoTimestamp(row.started_at),
      finishedAt: isoTimestampOrNull(row.finished_at),
      paused,
    };
  }
}
