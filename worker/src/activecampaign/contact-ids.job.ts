import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { ActiveCampaignClient } from './activecampaign.client.js';
import { ActiveCampaignRepository } from './activecampaign.repository.js';

export interface ContactIdsResult {
  /** Members whose contact id is now stored. */
  paired: number;
  /** Created contacts no member here holds any more (erased, or the e-mail changed since): deleted from AC. */
  deleted: number;
}

/**
 * Pairs the contacts one bulk-import batch created with its members, after the bulk sync has
 * finished. import/info's `success` lists the created contacts' ids without e-mails, so they are
 * read back through GET /api/3/contacts?ids[]=… (100 at a time) and stored on the member with that
 * e-mail. A created contact left over when a member of the batch was erased meanwhile is that
 * member's: it is deleted, unless a member here holds it now. Members the import updated rather than
 * created (in neither of import/info's lists) and whose id is still unknown are asked for by
 * e-mail. Running it twice changes nothing more.
 */
@Injectable()
@HandlesJob('activecampaign.contact-ids')
export class ContactIdsJob implements JobHandler<'activecampaign.contact-ids'> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly client: ActiveCampaignClient,
  ) {}

  async handle({ syncJobId, batchNo, createdContactIds }: JobPayload<'activecampaign.contact-ids'>): Promise<ContactIdsResult> {
    const batch = await this.activeCampaign.findBatch(this.em, syncJobId, batchNo);
    const result: ContactIdsResult = { paired: 0, deleted: 0 };
    if (!batch) return result;
    const created = await this.client.contactsByIds(createdContactIds);
    const members = await this.activeCampaign.membersToPair(this.em, batch.member_ids);
    const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member]));
    const unpaired: [string, string][] = [];
    for (const [email, contactId] of created) {
      const member = byEmail.get(email);
      if (member && (await this.activeCampaign.pairContact(this.em, member.id, member.email, contactId))) result.paired += 1;
      else unpaired.push([email, contactId]);
    }
    // An erasure since the snapshot explains a contact left over: its member is gone (erased rows
    // keep no e-mail to match). Without one, nothing is deleted on a guess.
    if (unpaired.length && (await this.activeCampaign.erasedAmong(this.em, batch.member_ids)).size) {
      for (const [email, contactId] of unpaired) {
        if (await this.activeCampaign.contactInUse(this.em, email, contactId)) continue;
        result.deleted += (await this.client.deleteContact(contactId)) === 'deleted' ? 1 : 0;
      }
    }
    for (const member of members) {
      if (member.ac_contact_id || !member.synced || created.has(member.email.toLowerCase())) continue;
      const contactId = await this.client.contactIdByEmail(member.email);
      if (contactId && (await this.activeCampaign.pairContact(this.em, member.id, member.email, contactId))) result.paired += 1;
    }
    return result;
  }
}
