import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BulkSyncStarted } from '@nocturne/contracts';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { acConfigured, NOT_CONFIGURED_MESSAGE } from '../../activecampaign-settings.js';
import { StartBulkSyncCommand } from './start-bulk-sync.command.js';
import { ActiveCampaignFailure } from '../../activecampaign-failure.js';

/** AC's bulk import takes at most 250 contacts per request. */
export const BULK_BATCH_SIZE = 250;

/**
 * Starts a bulk sync of every member: the job, its batches (a snapshot of the members, 250 per
 * batch) and the event that makes the worker fan it out, in one transaction. A partial unique
 * index lets one run at a time: a second request gets the running job.
 */
@CommandHandler(StartBulkSyncCommand)
export class StartBulkSyncHandler implements ICommandHandler<StartBulkSyncCommand, BulkSyncStarted> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ adminId }: StartBulkSyncCommand): Promise<BulkSyncStarted> {
    if (!acConfigured(this.config)) throw new ActiveCampaignFailure('conflict', NOT_CONFIGURED_MESSAGE);
    return this.unitOfWork.run(async (tx, raise) => {
      const [created] = await tx.execute<{ id: string }[]>(
        "insert into sync_jobs (total, requested_by) values (0, ?) on conflict (state) where state = 'running' do nothing returning id",
        [adminId],
      );
      if (!created) {
        const [running] = await tx.execute<{ id: string; total: number }[]>("select id, total from sync_jobs where state = 'running'");
        return { jobId: running!.id, total: running!.total, alreadyRunning: true };
      }
      await tx.execute(
        `insert into sync_job_batches (sync_job_id, batch_no, member_ids)
           select ?, (rn - 1) / ${BULK_BATCH_SIZE}, array_agg(id order by id)
             from (select id, row_number() over (order by id) as rn from members where deleted_at is null) numbered
             group by (rn - 1) / ${BULK_BATCH_SIZE}`,
        [created.id],
      );
      const [job] = await tx.execute<{ total: number }[]>(
        `update sync_jobs set total = (select coalesce(sum(cardinality(member_ids)), 0) from sync_job_batches where sync_job_id = ?)
           where id = ? returning total`,
        [created.id, created.id],
      );
      await raise(domainEvent('ContactsBulkSyncRequested', created.id, { syncJobId: created.id }));
      return { jobId: created.id, total: Number(job!.total), alreadyRunning: false };
    });
  }
}
