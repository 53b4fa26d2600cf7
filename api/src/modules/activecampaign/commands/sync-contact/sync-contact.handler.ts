import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SyncContactResponse } from '@nocturne/contracts';
import { QueueName } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { QueueRegistry } from '#infrastructure/queues/queue-registry.js';
import { acConfigured, NOT_CONFIGURED_MESSAGE } from '#modules/activecampaign/activecampaign-settings.js';
import { ActiveCampaignRepository } from '#modules/activecampaign/activecampaign.repository.js';
import { SyncContactCommand } from './sync-contact.command.js';
import { ActiveCampaignFailure } from '#modules/activecampaign/activecampaign-failure.js';
import { AuditService } from '#modules/audit/audit.public.js';

const SYNC_WAIT_MS = 5_000;
const POLL_MS = 100;

/**
 * Queues one member's sync on the ActiveCampaign queue (so it shares the account's rate limit)
 * and waits up to five seconds to tell the admin truthfully: synced, AC's reason for refusing,
 * or still queued (the worker carries on either way).
 */
@CommandHandler(SyncContactCommand)
export class SyncContactHandler implements ICommandHandler<SyncContactCommand, SyncContactResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly queues: QueueRegistry,
    @InjectConfig() private readonly config: ApiConfig,
    private readonly audit: AuditService,
  ) {}

  async execute({ memberId }: SyncContactCommand): Promise<SyncContactResponse> {
    if (!(await this.activeCampaign.memberExists(this.em, memberId)))
      throw new ActiveCampaignFailure('not_found', 'No such member');
    if (!acConfigured(this.config)) return { success: false, status: 'not_configured', error: NOT_CONFIGURED_MESSAGE };
    await this.em
      .fork()
      .transactional((tx) => this.audit.record(tx, { action: 'sync.contact', targetType: 'member', targetId: memberId }));
    const queue = this.queues.get(QueueName.ActiveCampaign);
    const job = await this.queues.enqueue(
      'activecampaign.sync-contact',
      { memberId, manual: true },
      { jobId: `manual-${memberId}-${randomUUID()}` },
    );
    const deadline = Date.now() + SYNC_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const answer = await this.outcome(job);
      if (answer) return answer;
    }
    // Still waiting, or between retries (e.g. AC answered 503): say so, with the last error if any.
    const fresh = await queue.getJob(job.id!);
    const lastError = fresh?.failedReason;
    return {
      success: false,
      status: 'queued',
      error: `Still queued: the worker will sync this member shortly${lastError ? ` (last error: ${lastError})` : ''}.`,
    };
  }

  private async outcome(job: Job): Promise<SyncContactResponse | undefined> {
    const state = await job.getState();
    if (state !== 'completed' && state !== 'failed') return undefined;
    const fresh = await this.queues.get(QueueName.ActiveCampaign).getJob(job.id!);
    if (state === 'failed')
      return { success: false, status: 'failed', error: fresh?.failedReason ?? 'ActiveCampaign refused the contact' };
    const result = fresh?.returnvalue as { status?: string; reason?: string } | undefined;
    if (result?.status === 'skipped')
      return { success: false, status: 'failed', error: `Not synced: ${result.reason ?? 'skipped'}` };
    return { success: true, status: 'synced' };
  }
}
