import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import * as syncJobs from '@nocturne/sync-jobs';
import type { BatchCounts } from '@nocturne/sync-jobs';
import { sql } from 'kysely';

export type { BatchCounts } from '@nocturne/sync-jobs';

/**
 * The ActiveCampaign jobs' data: sync jobs, their batches and the members' sync state. Every
 * method runs in the caller's `em` (pass the transaction where rows must change together). A sync
 * job's rows are written only through @nocturne/sync-jobs, which the api's start of a bulk sync
 * uses too.
 */
@Injectable()
export class ActiveCampaignRepository {
  /** What AC gets of the member (active members only: a deleted account never reaches AC again). */
  private selectActiveMembers(em: EntityManager) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'email', 'first_name', 'last_name', 'member_tier', 'total_points', 'ac_contact_id', 'marketing_consent'])
      .where('deleted_at', 'is', null);
  }

  activeMember(em: EntityManager, id: string) {
    return this.selectActiveMembers(em).where('id', '=', id).executeTakeFirst();
  }

  activeMembers(em: EntityManager, ids: string[]) {
    return this.selectActiveMembers(em)
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .execute();
  }

  /** The active members of the job's batches not yet sent to AC. */
  membersOfUnsentBatches(em: EntityManager, syncJobId: string) {
    return this.selectActiveMembers(em)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('sync_job_batches')
          .select(sql<string>`unnest(member_ids)`.as('id'))
          .where('sync_job_id', '=', syncJobId)
          .where('state', '=', 'pending')
          .where('ac_batch_id', 'is', null),
      )
      .execute();
  }

  /**
   * Records the contact AC holds for the member, unless the member was erased meanwhile (a sync in
   * flight during the deletion): an erased row never gets AC data back. False when nothing was
   * written, so the caller deletes the contact it just made.
   */
  async markContactSynced(em: EntityManager, memberId: string, contactId: string): Promise<boolean> {
    const result = await db(em)
      .updateTable('members')
      .set({ ac_contact_id: contactId, ac_synced_at: sql<string>`now()`, ac_sync_error: null })
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Synced members whose contact id is not known; an erased member is left alone. */
  async markSynced(em: EntityManager, memberIds: string[]): Promise<void> {
    if (!memberIds.length) return;
    await db(em)
      .updateTable('members')
      .set({ ac_synced_at: sql<string>`now()`, ac_sync_error: null })
      .where('id', '=', sql<string>`any(${memberIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * The batch's members still here, with what pairing a created contact needs: whether the sync
   * reached them (synced, no error) and the contact id already stored.
   */
  membersToPair(em: EntityManager, memberIds: string[]) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'email', 'ac_contact_id'])
      .select(sql<boolean>`ac_synced_at is not null and ac_sync_error is null`.as('synced'))
      .where('id', '=', sql<string>`any(${memberIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * Stores the contact AC created for the member, while the member still has the e-mail it was
   * created for and is not erased. False when nothing was written.
   */
  async pairContact(em: EntityManager, memberId: string, email: string, contactId: string): Promise<boolean> {
    const result = await db(em)
      .updateTable('members')
      .set({ ac_contact_id: contactId })
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** True when a member here now holds this contact (by id or e-mail; e-mails are stored lower-cased): it is not an erased member's to delete. */
  async contactInUse(em: EntityManager, email: string, contactId: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('members')
      .select('id')
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('ac_contact_id', '=', contactId), eb('email', '=', email.toLowerCase())]))
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The members of `memberIds` erased since they were read. */
  async erasedAmong(em: EntityManager, memberIds: string[]): Promise<Set<string>> {
    if (!memberIds.length) return new Set();
    const rows = await db(em)
      .selectFrom('members')
      .select('id')
      .where('id', '=', sql<string>`any(${memberIds}::uuid[])`)
      .where('deleted_at', 'is not', null)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  async markSyncError(em: EntityManager, memberIds: string[], reason: string): Promise<void> {
    if (!memberIds.length) return;
    await db(em)
      .updateTable('members')
      .set({ ac_sync_error: reason })
      .where('id', '=', sql<string>`any(${memberIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  async syncJobState(em: EntityManager, syncJobId: string) {
    return (await db(em).selectFrom('sync_jobs').select('state').where('id', '=', syncJobId).executeTakeFirst())?.state;
  }

  /** Locks the sync job's row until the transaction ends (fan-outs of one job take turns). */
  lockSyncJob(em: EntityManager, syncJobId: string): Promise<void> {
    return syncJobs.lockSyncJob(em, syncJobId);
  }

  completeSyncJob(em: EntityManager, syncJobId: string): Promise<void> {
    return syncJobs.completeSyncJob(em, syncJobId);
  }

  async batchNumbers(em: EntityManager, syncJobId: string): Promise<number[]> {
    const rows = await db(em)
      .selectFrom('sync_job_batches')
      .select('batch_no')
      .where('sync_job_id', '=', syncJobId)
      .orderBy('batch_no')
      .execute();
    return rows.map((row) => row.batch_no);
  }

  findBatch(em: EntityManager, syncJobId: string, batchNo: number) {
    return db(em)
      .selectFrom('sync_job_batches')
      .select(['id', 'state', 'member_ids', 'ac_batch_id'])
      .where('sync_job_id', '=', syncJobId)
      .where('batch_no', '=', batchNo)
      .executeTakeFirst();
  }

  /** Pending batches AC has not been sent yet, in order. */
  unsentBatches(em: EntityManager, syncJobId: string) {
    return db(em)
      .selectFrom('sync_job_batches')
      .select(['id', 'batch_no', 'member_ids'])
      .where('sync_job_id', '=', syncJobId)
      .where('state', '=', 'pending')
      .where('ac_batch_id', 'is', null)
      .orderBy('batch_no')
      .execute();
  }

  async lastBatchNo(em: EntityManager, syncJobId: string): Promise<number | null> {
    const row = await db(em)
      .selectFrom('sync_job_batches')
      .select((eb) => eb.fn.max('batch_no').as('max'))
      .where('sync_job_id', '=', syncJobId)
      .executeTakeFirst();
    return row?.max ?? null;
  }

  addBatch(em: EntityManager, syncJobId: string, batchNo: number, memberIds: string[]): Promise<void> {
    return syncJobs.addBatch(em, syncJobId, batchNo, memberIds);
  }

  setBatchMembers(em: EntityManager, batchId: string, memberIds: string[]): Promise<void> {
    return syncJobs.setBatchMembers(em, batchId, memberIds);
  }

  saveAcBatchId(em: EntityManager, batchId: string, acBatchId: string): Promise<void> {
    return syncJobs.saveAcBatchId(em, batchId, acBatchId);
  }

  /** Settles a pending batch with these counts. False when it was settled already (by another run): nothing changed. */
  settleBatch(em: EntityManager, batchId: string, counts: BatchCounts): Promise<boolean> {
    return syncJobs.settleBatch(em, batchId, counts);
  }

  /** Fails a pending batch: every member in it counts as failed. False when it was settled already: nothing changed. */
  failBatch(em: EntityManager, batchId: string, reason: string): Promise<boolean> {
    return syncJobs.failBatch(em, batchId, reason);
  }

  /** Fails every batch of the job still pending (keeping an error already recorded, else "gave up"). */
  failPendingBatches(em: EntityManager, syncJobId: string): Promise<void> {
    return syncJobs.failPendingBatches(em, syncJobId);
  }
}

/** A member as AC gets them. */
export type MemberForAc = NonNullable<Awaited<ReturnType<ActiveCampaignRepository['activeMember']>>>;
export type SyncBatch = NonNullable<Awaited<ReturnType<ActiveCampaignRepository['findBatch']>>>;
