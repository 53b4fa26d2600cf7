import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BulkSyncStarted } from '@nocturne/contracts';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { acConfigured, NOT_CONFIGURED_MESSAGE } from '#modules/activecampaign/activecampaign-settings.js';
import { ActiveCampaignRepository } from '#modules/activecampaign/activecampaign.repository.js';
import { StartBulkSyncCommand } from './start-bulk-sync.command.js';
import { ActiveCampaignFailure } from '#modules/activecampaign/activecampaign-failure.js';
import { AuditService } from '#modules/audit/audit.public.js';

/** AC's bulk import takes at most 250 contacts per request. */
const BULK_BATCH_SIZE = 250;

/**
 * Starts a bulk sync of every member: the job, its batches (a snapshot of the members, 250 per
 * batch) and the event that makes the worker fan it out, in one transaction. A partial unique
 * index lets one run at a time: a second request gets the running job.
 */
@CommandHandler(StartBulkSyncCommand)
export class StartBulkSyncHandler implements ICommandHandler<StartBulkSyncCommand, BulkSyncStarted> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly activeCampaign: ActiveCampaignRepository,
    @InjectConfig() private readonly config: ApiConfig,
    private readonly audit: AuditService,
  ) {}

  async execute({ adminId }: StartBulkSyncCommand): Promise<BulkSyncStarted> {
    if (!acConfigured(this.config)) throw new ActiveCampaignFailure('conflict', NOT_CONFIGURED_MESSAGE);
    return this.unitOfWork.run(async (tx, raise) => {
      const created = await this.activeCampaign.startSyncJob(tx, adminId);
      if (!created) {
        const running = await this.activeCampaign.runningSyncJob(tx);
        return { jobId: running!.id, total: running!.total, alreadyRunning: true };
      }
      await this.audit.record(tx, { action: 'sync.start', targetType: 'sync_job', targetId: created });
      await this.activeCampaign.writeBatches(tx, created, BULK_BATCH_SIZE);
      const total = await this.activeCampaign.countSyncJobTotal(tx, created);
      await raise(domainEvent('ContactsBulkSyncRequested', created, { syncJobId: created }));
      return { jobId: created, total, alreadyRunning: false };
    });
  }
}
