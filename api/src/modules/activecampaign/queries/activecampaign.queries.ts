import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ActiveCampaignStatus, SyncJobStatus } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '../../../common/timestamps.js';
import { type ApiConfig, InjectConfig } from '../../../config/api-config.js';
import { acConfigured } from '../activecampaign-settings.js';

interface JobRow {
  id: string;
  state: SyncJobStatus['state'];
  total: number;
  synced: string;
  failed: string;
  started_at: Date;
  finished_at: Date | null;
}

@Injectable()
export class ActiveCampaignQueries {
  constructor(
    private readonly em: EntityManager,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  /** Progress is the sum of settled batches, so a retried batch never counts twice. */
  async syncJob(jobId: string): Promise<SyncJobStatus | undefined> {
    const [row] = await this.em.execute<JobRow[]>(
      `select j.id, j.state, j.total, j.started_at, j.finished_at,
              coalesce(sum(b.synced), 0) as synced, coalesce(sum(b.failed), 0) as failed
         from sync_jobs j left join sync_job_batches b on b.sync_job_id = j.id
         where j.id = ? group by j.id`,
      [jobId],
    );
    if (!row) return undefined;
    const synced = Number(row.synced);
    const failed = Number(row.failed);
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
    };
  }

  async status(): Promise<ActiveCampaignStatus> {
    const [row] = await this.em.execute<{ last_sync_at: Date | null; pending: string; failed: string; running: string | null }[]>(
      `select max(ac_synced_at) as last_sync_at,
              count(*) filter (where ac_synced_at is null and ac_sync_error is null) as pending,
              count(*) filter (where ac_sync_error is not null) as failed,
              (select id from sync_jobs where state = 'running') as running
         from members where deleted_at is null`,
    );
    const configured = acConfigured(this.config);
    return {
      configured,
      accountUrl: this.config.AC_API_URL ?? null,
      autoSync: configured && this.config.AC_AUTO_SYNC,
      lastSyncAt: isoTimestampOrNull(row?.last_sync_at),
      pending: Number(row?.pending ?? 0),
      failed: Number(row?.failed ?? 0),
      runningJobId: row?.running ?? null,
    };
  }
}
