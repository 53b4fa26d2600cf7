import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** Counts a settled batch adds to its sync job's progress. */
export interface BatchCounts {
  synced: number;
  failed: number;
}

/**
 * The ActiveCampaign jobs' data: sync jobs, their batches and the members' sync state. Every
 * method runs in the caller's `em` (pass the transaction where rows must change together).
 */
@Injectable()
export class ActiveCampaignRepository {
  /** What AC gets of the member (active members only: a deleted account never reaches AC again). */
  private selectActiveMembers(em: EntityManager) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'email', 'first_name', 'last_name', 'member_tier', 'total_points'])
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

  async markContactSynced(em: EntityManager, memberId: string, contactId: string): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({ ac_contact_id: contactId, ac_synced_at: sql<string>`now()`, ac_sync_error: null })
      .where('id', '=', memberId)
      .execute();
  }

  async markSynced(em: EntityManager, memberIds: string[]): Promise<void> {
    if (!memberIds.length) return;
    await db(em)
      .updateTable('members')
      .set({ ac_synced_at: sql<string>`now()`, ac_sync_error: null })
      .where('id', '=', sql<string>`any(${memberIds}::uuid[])`)
      .execute();
  }

  async markSyncError(em: EntityManager, memberIds: string[], reason: string): Promise<void> {
    if (!memberIds.length) return;
    await db(em)
      .updateTable('members')
      .set({ ac_sync_error: reason })
      .where('id', '=', sql<string>`any(${memberIds}::uuid[])`)
      .execute();
  }

  async syncJobState(em: EntityManager, syncJobId: string) {
    return (await db(em).selectFrom('sync_jobs').select('state').where('id', '=', syncJobId).executeTakeFirst())?.state;
  }

  /** Locks the sync job's row until the transaction ends (fan-outs of one job take turns). */
  async lockSyncJob(em: EntityManager, syncJobId: string): Promise<void> {
    await db(em).selectFrom('sync_jobs').select('id').where('id', '=', syncJobId).forUpdate().execute();
  }

  async completeSyncJob(em: EntityManager, syncJobId: string): Promise<void> {
    await db(em)
      .updateTable('sync_jobs')
      .set({ state: 'completed', finished_at: sql<string>`now()` })
      .where('id', '=', syncJobId)
      .where('state', '=', 'running')
      .execute();
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

  async addBatch(em: EntityManager, syncJobId: string, batchNo: number, memberIds: string[]): Promise<void> {
    await db(em)
      .insertInto('sync_job_batches')
      .values({ sync_job_id: syncJobId, batch_no: batchNo, member_ids: memberIds })
      .execute();
  }

  async setBatchMembers(em: EntityManager, batchId: string, memberIds: string[]): Promise<void> {
    await db(em).updateTable('sync_job_batches').set({ member_ids: memberIds }).where('id', '=', batchId).execute();
  }

  async saveAcBatchId(em: EntityManager, batchId: string, acBatchId: string): Promise<void> {
    await db(em).updateTable('sync_job_batches').set({ ac_batch_id: acBatchId }).where('id', '=', batchId).execute();
  }

  /** Settles a pending batch with these counts. False when it was settled already (by another run): nothing changed. */
  async settleBatch(em: EntityManager, batchId: string, counts: BatchCounts): Promise<boolean> {
    const result = await db(em)
      .updateTable('sync_job_batches')
      .set({ state: 'done', synced: counts.synced, failed: counts.failed })
      .where('id', '=', batchId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Fails a pending batch: every member in it counts as failed. False when it was settled already: nothing changed. */
  async failBatch(em: EntityManager, batchId: string, reason: string): Promise<boolean> {
    const result = await db(em)
      .updateTable('sync_job_batches')
      .set((eb) => ({ state: 'failed', synced: 0, failed: eb.fn<number>('cardinality', ['member_ids']), last_error: reason }))
      .where('id', '=', batchId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Fails every batch of the job still pending (keeping an error already recorded, else "gave up"). */
  async failPendingBatches(em: EntityManager, syncJobId: string): Promise<void> {
    await db(em)
      .updateTable('sync_job_batches')
      .set((eb) => ({
        state: 'failed',
        synced: 0,
        failed: eb.fn<number>('cardinality', ['member_ids']),
        last_error: eb.fn.coalesce('last_error', sql.lit('gave up')),
      }))
      .where('sync_job_id', '=', syncJobId)
      .where('state', '=', 'pending')
      .execute();
  }
}

/** A member as AC gets them. */
export type MemberForAc = NonNullable<Awaited<ReturnType<ActiveCampaignRepository['activeMember']>>>;
export type SyncBatch = NonNullable<Awaited<ReturnType<ActiveCampaignRepository['findBatch']>>>;
