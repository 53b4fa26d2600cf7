import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { ActiveCampaignClient } from './activecampaign.client.js';

export type DeleteContactResult = { status: 'deleted' | 'absent' } | { status: 'skipped'; reason: string };

/**
 * A member deleted their account: their ActiveCampaign contact goes too. Runs whether or not
 * auto-sync is on (the contact exists, so it was synced once); a contact AC no longer has counts
 * as done, so a retry is harmless.
 */
@Injectable()
@HandlesJob('activecampaign.delete-contact')
export class DeleteContactJob implements JobHandler<'activecampaign.delete-contact'> {
  constructor(private readonly client: ActiveCampaignClient) {}

  async handle({ contactId }: JobPayload<'activecampaign.delete-contact'>): Promise<DeleteContactResult> {
    if (!this.client.configured) return { status: 'skipped', reason: 'ActiveCampaign is not configured' };
    return { status: await this.client.deleteContact(contactId) };
  }
}
