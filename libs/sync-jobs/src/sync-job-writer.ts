import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/*
 * Every write of a bulk ActiveCampaign sync's state: the job (sync_jobs) and its batches
 * (sync_job_batches). The api starts a job (the row, its batches and its total, in the command's
 * transaction); the worker splits, imports, settles and finishes it. Both write only through
 * these statements, so the rules the rows keep (one running job, a batch settled once, progress
 * as the sum of settled batches) are spelled once. Each runs in the caller's `em` (its
 * transaction); the choices are the callers'.
 */

/** Counts a settled batch adds to its sync job's progress. */
export interface BatchCounts {
  synced: number;
  failed: number;
}

/** A new running sync job, or undefined when one is running already (a partial unique index allows one). */
export async function startSyncJob(em: EntityManager, requestedBy: string): Promise<string | undefined> {
  const row = await db(em)
    .insertInto('sync_jobs')
    .values({ total: 0, requested_by: requestedBy })
    // A literal, not a parameter: PostgreSQL infers the partial index from this predicate.
    .onConflict((conflict) => conflict.column('state').where('state', '=', sql.lit('running')).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Snapshots every member into batches of `batchSize`, in id order, numbered from 0. */
export async function writeBatches(em: EntityManager, syncJobId: string, batchSize: number): Promise<void> {
  const k = db(em);
  // The batch size is inlined: the select list and the group by must be the same expression.
  const batchNo = sql<number>`(rn - 1) / ${sql.lit(batchSize)}`;
  await k
    .insertInto('sync_job_batches')
    .columns(['sync_job_id', 'batch_no', 'member_ids'])
    .expression(
      k
        .selectFrom(
          k
            .selectFrom('members')
            .select(['id', sql<number>`row_number() over (order by id)`.as('rn')])
            .where('deleted_at', 'is', null)
            .as('numbered'),
        )
        .select([
          sql<string>`${syncJobId}::uuid`.as('sync_job_id'),
          batchNo.as('batch_no'),
          sql<string[]>`array_agg(id order by id)`.as('member_ids'),
        ])
        .groupBy(batchNo),
    )
    .execute();
}

/** Sets the job's total to the members in its batches; answers it. */
export async function countSyncJobTotal(em: EntityManager, syncJobId: string): Promise<number> {
  const row = await db(em)
    .updateTable('sync_jobs')
    .set((eb) => ({
      total: eb
        .selectFrom('sync_job_batches')
        .select((b) =>
          b.cast<number>(b.fn.coalesce(b.fn.sum(b.fn('cardinality', ['member_ids'])), sql.lit(0)), 'integer').as('total'),
        )
        .where('sync_job_id', '=', syncJobId),
    }))
    .where('id', '=', syncJobId)
    .returning('total')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Locks the sync job's row until the transaction ends (fan-outs of one job take turns). */
export async function lockSyncJob(em: EntityManager, syncJobId: string): Promise<void> {
  await db(em).selectFrom('sync_jobs').select('id').where('id', '=', syncJobId).forUpdate().execute();
}

/** Marks a running job completed, now; a job already finished stays as it is. */
export async function completeSyncJob(em: EntityManager, syncJobId: string): Promise<void> {
  await db(em)
    .updateTable('sync_jobs')
    .set({ state: 'completed', finished_at: sql<string>`now()` })
    .where('id', '=', syncJobId)
    .where('state', '=', 'running')
    .execute();
}

export async function addBatch(em: EntityManager, syncJobId: string, batchNo: number, memberIds: string[]): Promise<void> {
  await db(em)
    .insertInto('sync_job_batches')
    .values({ sync_job_id: syncJobId, batch_no: batchNo, member_ids: memberIds })
    .execute();
}

export async function setBatchMembers(em: EntityManager, batchId: string, memberIds: string[]): Promise<void> {
  await db(em).updateTable('sync_job_batches').set({ member_ids: memberIds }).where('id', '=', batchId).execute();
}

/** Saved as soon as AC accepts the import, so a retried job asks for the outcome instead of importing again. */
export async function saveAcBatchId(em: EntityManager, batchId: string, acBatchId: string): Promise<void> {
  await db(em).updateTable('sync_job_batches').set({ ac_batch_id: acBatchId }).where('id', '=', batchId).execute();
}

/** Settles a pending batch with these counts. False when it was settled already (by another run): nothing changed. */
export async function settleBatch(em: EntityManager, batchId: string, counts: BatchCounts): Promise<boolean> {
  const result = await db(em)
    .updateTable('sync_job_batches')
    .set({ state: 'done', synced: counts.synced, failed: counts.failed })
    .where('id', '=', batchId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Fails a pending batch: every member in it counts as failed. False when it was settled already: nothing changed. */
export async function failBatch(em: EntityManager, batchId: string, reason: string): Promise<boolean> {
  const result = await db(em)
    .updateTable('sync_job_batches')
    .set((eb) => ({ state: 'failed', synced: 0, failed: eb.fn<number>('cardinality', ['member_ids']), last_error: reason }))
    .where('id', '=', batchId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Fails every batch of the job still pending (keeping an error already recorded, else "gave up"). */
export async function failPendingBatches(em: EntityManager, syncJobId: string): Promise<void> {
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
