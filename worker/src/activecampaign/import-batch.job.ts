import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { DelayedError, type Job } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { isFinalAttempt } from '../runtime/final-attempt.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { AcImportFailedError, AcRateLimitedError, AcRejectedError, AcUnreachableError } from './activecampaign-errors.js';
import { ActiveCampaignClient } from './activecampaign.client.js';
import { ActiveCampaignRepository, type BatchCounts, type MemberForAc, type SyncBatch } from './activecampaign.repository.js';
import { type AcImportInfo, FAILED_STATUS_MEANING, importState, membersOutcome } from './import-outcome.js';
import { IMPORT_POLLING, type ImportPolling, recheckDelayMs } from './import-polling.js';
import { acContactOf } from './member-contact.js';

/** Why a member listed in a completed import's `failure` is not synced. */
export const BULK_FAILURE_REASON = 'ActiveCampaign could not create this contact (listed as failed by its bulk import)';

/** A settled batch's counts; with the ids of the contacts its import created, when they are still to be paired with members. */
export type ImportBatchResult = BatchCounts & { batchNo?: number; createdContactIds?: string[] };

/** The contact ids already stored for these members. */
function storedContactIds(members: MemberForAc[]): Map<string, string> {
  return new Map(members.flatMap((member) => (member.ac_contact_id ? [[member.id, member.ac_contact_id] as const] : [])));
}

/**
 * One child of a bulk sync. A batch of one member goes through contact/sync (AC allows only 20
 * single-contact bulk imports a minute); a larger one is imported with AC's bulk importer (the
 * fan-out keeps it within 250 contacts and 400,000 bytes), then its outcome is read from
 * import/info. AC's batch id is saved as soon as AC accepts the import, so a retry (or a
 * restarted worker) asks for the outcome instead of importing the same contacts again. The batch
 * row is settled with a conditional update, so progress counts each batch once.
 */
@Injectable()
@HandlesJob('activecampaign.import-batch')
export class ImportBatchJob implements JobHandler<'activecampaign.import-batch'> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly client: ActiveCampaignClient,
    @InjectConfig() private readonly config: WorkerConfig,
    @Inject(IMPORT_POLLING) private readonly polling: ImportPolling,
  ) {}

  async handle(payload: JobPayload<'activecampaign.import-batch'>, job: Job): Promise<ImportBatchResult | string> {
    const batch = await this.activeCampaign.findBatch(this.em, payload.syncJobId, payload.batchNo);
    if (!batch || batch.state !== 'pending') return 'already settled';
    try {
      const members = await this.activeCampaign.activeMembers(this.em, batch.member_ids);
      if (!batch.ac_batch_id && members.length <= 1) return await this.syncOne(batch, members[0]);
      let acBatchId = batch.ac_batch_id;
      if (!acBatchId) {
        acBatchId = await this.client.bulkImport(
          members.map((m) => acContactOf(m, this.config)),
          this.config.AC_LIST_ID,
        );
        await this.activeCampaign.saveAcBatchId(this.em, batch.id, acBatchId);
      }
      // A re-check asks once; a first run (or a retry) polls with backoff.
      const info = await this.poll(acBatchId, payload.recheck ? [0] : this.polling.pollDelaysMs);
      const state = importState(info.status);
      if (state === 'completed') {
        const outcome = membersOutcome(members, info);
        const unknown = outcome.synced.filter((member) => !member.ac_contact_id).length;
        if (unknown > info.success.length) {
          // Some members without a stored id were updated, not created: pair them now.
          const contactIds = await this.contactIdsOf(outcome.synced, info.success);
          return await this.record(batch, outcome.synced, outcome.failed, BULK_FAILURE_REASON, contactIds);
        }
        // Every member without a stored id is among the contacts AC created: they are paired
        // after the bulk sync finishes (ContactIdsJob), so the lookups do not slow the imports.
        const counts = await this.record(
          batch,
          outcome.synced,
          outcome.failed,
          BULK_FAILURE_REASON,
          storedContactIds(outcome.synced),
        );
        return info.success.length ? { ...counts, batchNo: payload.batchNo, createdContactIds: info.success } : counts;
      }
      if (state === 'failed') {
        const meaning = FAILED_STATUS_MEANING[info.status as keyof typeof FAILED_STATUS_MEANING];
        throw new AcImportFailedError(`ActiveCampaign import ${acBatchId} ${String(info.status)}: ${meaning}`);
      }
      return await this.recheckLater(job, payload, acBatchId, info.status);
    } catch (caught) {
      if (caught instanceof DelayedError) throw caught;
      // An over-size request (members' data grew since the fan-out) cannot succeed on a retry.
      const error = caught instanceof RangeError ? new AcImportFailedError(caught.message) : caught;
      const final =
        error instanceof AcRejectedError ||
        error instanceof AcImportFailedError ||
        (!(error instanceof AcRateLimitedError) && !(error instanceof AcUnreachableError) && isFinalAttempt(job));
      if (final) await this.fail(batch, (error as Error).message);
      throw error;
    }
  }

  /** Polls import/info after each delay until the import leaves the open states, or the delays run out. */
  private async poll(acBatchId: string, delaysMs: number[]): Promise<AcImportInfo> {
    let info: AcImportInfo = { status: false, success: [], failure: [] };
    for (const delay of delaysMs) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      info = await this.client.importInfo(acBatchId);
      if (importState(info.status) !== 'open') return info;
    }
    return info;
  }

  /**
   * AC has not finished the import: give the worker slot back and look again later, from this
   * same job moved to delayed (the bulk sync's parent keeps waiting for it). After the last
   * re-check the batch fails as unfinished.
   */
  private async recheckLater(
    job: Job,
    payload: JobPayload<'activecampaign.import-batch'>,
    acBatchId: string,
    status: AcImportInfo['status'],
  ): Promise<never> {
    const recheck = (payload.recheck ?? 0) + 1;
    if (recheck > this.polling.maxRechecks) {
      throw new AcImportFailedError(
        `ActiveCampaign import ${acBatchId} still ${String(status)} after ${this.polling.maxRechecks} re-checks`,
      );
    }
    await job.updateData({ ...payload, recheck });
    await job.moveToDelayed(Date.now() + recheckDelayMs(this.polling, recheck), job.token);
    throw new DelayedError(`ActiveCampaign import ${acBatchId} is ${String(status)}: re-check ${recheck} scheduled`);
  }

  /** One member (or none left): contact/sync, as AC asks for small numbers of contacts. */
  private async syncOne(batch: SyncBatch, member: MemberForAc | undefined): Promise<BatchCounts> {
    if (!member) return this.record(batch, [], [], '');
    try {
      const contactId = await this.client.syncContact(acContactOf(member, this.config));
      if (this.config.AC_LIST_ID) await this.client.setListStatus(contactId, this.config.AC_LIST_ID, member.marketing_consent);
      return await this.record(batch, [member], [], '', new Map([[member.id, contactId]]));
    } catch (error) {
      // AC refused this one contact: the member failed, the batch is settled.
      if (error instanceof AcRejectedError) return this.record(batch, [], [member], error.message);
      throw error;
    }
  }

  /**
   * Each synced member's AC contact id, so an erasure can delete the contact (security review M3):
   * import/info's `success` lists the ids of the contacts the import created, without e-mails, so
   * they are paired up through GET /api/3/contacts?ids[]=…; a contact the import updated is in
   * neither list: the id already stored is kept, else it is asked for by e-mail.
   */
  private async contactIdsOf(synced: MemberForAc[], createdIds: string[]): Promise<Map<string, string>> {
    const created = createdIds.length ? await this.client.contactsByIds(createdIds) : new Map<string, string>();
    const ids = new Map<string, string>();
    for (const member of synced) {
      const id =
        created.get(member.email.toLowerCase()) ?? member.ac_contact_id ?? (await this.client.contactIdByEmail(member.email));
      if (id) ids.set(member.id, id);
    }
    return ids;
  }

  /**
   * Settles the batch once: synced members get ac_synced_at and their contact id, failed ones the
   * reason; members gone since the snapshot count as failed. A member erased while the import ran
   * gets nothing written, and the contact the import made or updated for them is deleted.
   */
  private async record(
    batch: SyncBatch,
    synced: MemberForAc[],
    failed: MemberForAc[],
    reason: string,
    contactIds: Map<string, string> = new Map(),
  ): Promise<BatchCounts> {
    const counts = { synced: synced.length, failed: batch.member_ids.length - synced.length };
    const orphans: string[] = [];
    await this.em.transactional(async (tx) => {
      if (!(await this.activeCampaign.settleBatch(tx, batch.id, counts))) return;
      const withoutId: string[] = [];
      for (const member of synced) {
        const contactId = contactIds.get(member.id);
        if (!contactId) withoutId.push(member.id);
        else if (!(await this.activeCampaign.markContactSynced(tx, member.id, contactId))) orphans.push(contactId);
      }
      await this.activeCampaign.markSynced(tx, withoutId);
      await this.activeCampaign.markSyncError(
        tx,
        failed.map((m) => m.id),
        reason.slice(0, 1000),
      );
    });
    for (const contactId of orphans) await this.client.deleteContact(contactId);
    return counts;
  }

  private async fail(batch: SyncBatch, reason: string): Promise<void> {
    await this.em.transactional(async (tx) => {
      if (!(await this.activeCampaign.failBatch(tx, batch.id, reason.slice(0, 1000)))) return;
      await this.activeCampaign.markSyncError(tx, batch.member_ids, reason.slice(0, 1000));
    });
  }
}
