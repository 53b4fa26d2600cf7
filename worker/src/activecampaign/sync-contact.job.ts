import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { isFinalAttempt } from '../runtime/final-attempt.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { AcRateLimitedError, AcRejectedError, AcUnreachableError } from './activecampaign-errors.js';
import { ActiveCampaignClient } from './activecampaign.client.js';
import { ActiveCampaignRepository } from './activecampaign.repository.js';
import { acContactOf } from './member-contact.js';

export type SyncContactResult = { status: 'synced'; contactId: string } | { status: 'skipped'; reason: string };

/**
 * Creates or updates one member's AC contact (AC's contact/sync is an upsert by e-mail, so a
 * retry is harmless) and records the outcome on the member. AC's refusals are recorded and fail
 * the job at once; the processor turns them into unrecoverable errors.
 */
@Injectable()
@HandlesJob('activecampaign.sync-contact')
export class SyncContactJob implements JobHandler<'activecampaign.sync-contact'> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly client: ActiveCampaignClient,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ memberId, manual }: JobPayload<'activecampaign.sync-contact'>, job: Job): Promise<SyncContactResult> {
    if (!this.client.configured) return { status: 'skipped', reason: 'ActiveCampaign is not configured' };
    if (!manual && !this.config.AC_AUTO_SYNC) return { status: 'skipped', reason: 'auto-sync is off' };
    const member = await this.activeCampaign.activeMember(this.em, memberId);
    // A deleted account's row holds no personal data and must never reach AC again.
    if (!member) return { status: 'skipped', reason: 'member no longer exists' };
    try {
      const contactId = await this.client.syncContact(acContactOf(member, this.config));
      // Subscribed only with consent; otherwise "unsubscribed", so a withdrawal takes effect too.
      if (this.config.AC_LIST_ID) await this.client.setListStatus(contactId, this.config.AC_LIST_ID, member.marketing_consent);
      // Erased while the request was in flight: the row stays erased and the contact goes (M3).
      if (!(await this.activeCampaign.markContactSynced(this.em, memberId, contactId))) {
        await this.client.deleteContact(contactId);
        return { status: 'skipped', reason: 'the member was deleted during the sync; their contact was deleted' };
      }
      return { status: 'synced', contactId };
    } catch (error) {
      const waits = error instanceof AcRateLimitedError || error instanceof AcUnreachableError;
      const final = error instanceof AcRejectedError || (!waits && isFinalAttempt(job));
      if (final) await this.activeCampaign.markSyncError(this.em, [memberId], (error as Error).message.slice(0, 1000));
      throw error;
    }
  }
}
