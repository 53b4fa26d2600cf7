import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { AcRateLimitedError, AcRejectedError } from '../activecampaign/activecampaign-errors.js';
import { ActiveCampaignClient, type AcImportInfo } from '../activecampaign/activecampaign.client.js';
import { acContactOf, MEMBER_FOR_AC_COLUMNS, type MemberForAc } from '../activecampaign/member-contact.js';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { isFinalAttempt } from './final-attempt.js';
import { HandlesJob, type JobHandler } from './job-handler.js';

interface BatchRow {
  id: string;
  state: string;
  member_ids: string[];
  ac_batch_id: string | null;
}

const INFO_POLLS = 10;
const INFO_POLL_MS = 1000;

/**
 * One child of a bulk sync: imports up to 250 members with AC's bulk import, then reads the
 * outcome. AC's batch id is saved as soon as AC accepts the import, so a retry (or a restarted
 * worker) asks for the outcome instead of sending the same contacts again. The batch row is
 * settled with a conditional update, so progress counts each batch once.
 */
@Injectable()
@HandlesJob('activecampaign.import-batch')
export class ImportBatchJob implements JobHandler<'activecampaign.import-batch'> {
  constructor(
    private readonly em: EntityManager,
    private readonly client: ActiveCampaignClient,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ syncJobId, batchNo }: JobPayload<'activecampaign.import-batch'>, job: Job): Promise<{ synced: number; failed: number } | string> {
    const batch = (
      await this.em.execute<BatchRow[]>(
        'select id, state, member_ids::text[] as member_ids, ac_batch_id from sync_job_batches where sync_job_id = ? and batch_no = ?',
        [syncJobId, batchNo],
      )
    )[0];
    if (!batch || batch.state !== 'pending') return 'already settled';
    try {
      const members = await this.em.execute<MemberForAc[]>(`select ${MEMBER_FOR_AC_COLUMNS} from members where id = any(?::uuid[])`, [
        `{${batch.member_ids.join(',')}}`,
      ]);
      let acBatchId = batch.ac_batch_id;
      if (!acBatchId && members.length) {
        acBatchId = await this.client.bulkImport(members.map((m) => acContactOf(m, this.config)), this.config.AC_LIST_ID);
        await this.em.execute('update sync_job_batches set ac_batch_id = ? where id = ?', [acBatchId, batch.id]);
      }
      const info = acBatchId ? await this.outcome(acBatchId) : { status: 'completed', success: [], failure: [] };
      return await this.settle(batch, members, info);
    } catch (error) {
      const final = error instanceof AcRejectedError || (!(error instanceof AcRateLimitedError) && isFinalAttempt(job));
      if (final) await this.fail(batch, (error as Error).message);
      throw error;
    }
  }

  private async outcome(acBatchId: string): Promise<AcImportInfo> {
    for (let poll = 1; ; poll += 1) {
      const info = await this.client.importInfo(acBatchId);
      if (info.status === 'completed') return info;
      if (poll >= INFO_POLLS) throw new Error(`ActiveCampaign import ${acBatchId} still ${info.status}`);
      await new Promise((resolve) => setTimeout(resolve, INFO_POLL_MS));
    }
  }

  private async settle(batch: BatchRow, members: MemberForAc[], info: AcImportInfo): Promise<{ synced: number; failed: number }> {
    const succeeded = new Set(info.success.map((email) => email.toLowerCase()));
    const ok = members.filter((m) => succeeded.has(m.email)).map((m) => m.id);
    const refused = members.filter((m) => !succeeded.has(m.email)).map((m) => m.id);
    const counts = { synced: ok.length, failed: batch.member_ids.length - ok.length };
    await this.em.transactional(async (tx) => {
      const settled = await tx.execute("update sync_job_batches set state = 'done', synced = ?, failed = ? where id = ? and state = 'pending'", [
        counts.synced,
        counts.failed,
        batch.id,
      ], 'run');
      if (!Number((settled as { affectedRows?: number }).affectedRows)) return;
      if (ok.length) await tx.execute('update members set ac_synced_at = now(), ac_sync_error = null where id = any(?::uuid[])', [`{${ok.join(',')}}`]);
      if (refused.length) {
        await tx.execute("update members set ac_sync_error = 'Refused by the ActiveCampaign bulk import' where id = any(?::uuid[])", [
          `{${refused.join(',')}}`,
        ]);
      }
    });
    return counts;
  }

  private async fail(batch: BatchRow, reason: string): Promise<void> {
    await this.em.transactional(async (tx) => {
      const settled = await tx.execute(
        "update sync_job_batches set state = 'failed', synced = 0, failed = cardinality(member_ids), last_error = ? where id = ? and state = 'pending'",
        [reason.slice(0, 1000), batch.id],
        'run',
      );
      if (!Number((settled as { affectedRows?: number }).affectedRows)) return;
      await tx.execute('update members set ac_sync_error = ? where id = any(?::uuid[])', [reason.slice(0, 1000), `{${batch.member_ids.join(',')}}`]);
    });
  }
}
