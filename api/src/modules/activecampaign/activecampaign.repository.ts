import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** Members (not deleted): when the last sync was, how many wait for their first, how many failed. */
function memberSyncCounts(em: EntityManager) {
  return db(em)
    .selectFrom('members')
    .select((eb) => [
      eb.fn.max('ac_synced_at').as('last_sync_at'),
      eb
        .cast<number>(
          eb.fn.countAll().filterWhere((f) => f.and([f('ac_synced_at', 'is', null), f('ac_sync_error', 'is', null)])),
          'integer',
        )
        .as('pending'),
      eb.cast<number>(eb.fn.countAll().filterWhere('ac_sync_error', 'is not', null), 'integer').as('failed'),
    ])
    .where('deleted_at', 'is', null);
}

/** Sync jobs, their batches and the members' sync state. Every method runs in the caller's `em` (its transaction). */
@Injectable()
export class ActiveCampaignRepository {
  async memberExists(em: EntityManager, id: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('members')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new running sync job, or undefined when one is running already (a partial unique index allows one). */
  async startSyncJob(em: EntityManager, requestedBy: string): Promise<string | undefined> {
    const row = await db(em)
      .insertInto('sync_jobs')
      .values({ total: 0, requested_by: requestedBy })
      // A literal, not a parameter: PostgreSQL infers the partial index from this predicate.
      .onConflict((conflict) => conflict.column('state').where('state', '=', sql.lit('running')).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  runningSyncJob(em: EntityManager) {
    return db(em).selectFrom('sync_jobs').select(['id', 'total']).where('state', '=', 'running').executeTakeFirst();
  }

  /** Snapshots every member into batches of `batchSize`, in id order, numbered from 0. */
  async writeBatches(em: EntityManager, syncJobId: string, batchSize: number): Promise<void> {
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
  async countSyncJobTotal(em: EntityManager, syncJobId: string): Promise<number> {
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

  /** The job with its progress: the sum of its settled batches, so a retried batch never counts twice. */
  syncJobProgress(em: EntityManager, syncJobId: string) {
    return db(em)
      .selectFrom('sync_jobs as j')
      .leftJoin('sync_job_batches as b', 'b.sync_job_id', 'j.id')
      .select((eb) => [
        'j.id',
        'j.state',
        'j.total',
        'j.started_at',
        'j.finished_at',
        eb.cast<number>(eb.fn.coalesce(eb.fn.sum('b.synced'), sql.lit(0)), 'integer').as('synced'),
        eb.cast<number>(eb.fn.coalesce(eb.fn.sum('b.failed'), sql.lit(0)), 'integer').as('failed'),
      ])
      .where('j.id', '=', syncJobId)
      .groupBy('j.id')
      .executeTakeFirst();
  }

  /** Members not yet synced, members whose last sync failed, the last sync, and the running job if any. */
  memberSyncSummary(em: EntityManager) {
    return memberSyncCounts(em)
      .select((eb) => eb.selectFrom('sync_jobs').select('id').where('state', '=', 'running').as('running'))
      .executeTakeFirst();
  }

  /**
   * The sync's health for the admin overview, in one round trip: members pending and failed, the
   * last sync, the latest refusal (and when: the member row's last change) and the latest bulk
   * sync with its progress.
   */
  syncHealth(em: EntityManager) {
    const k = db(em);
    const summary = memberSyncCounts(em);
    const lastError = k
      .selectFrom('members')
      .select(['ac_sync_error as last_error', 'updated_at as last_error_at'])
      .where('deleted_at', 'is', null)
      .where('ac_sync_error', 'is not', null)
      .orderBy('updated_at', 'desc')
      .limit(1);
    const lastJob = k
      .selectFrom('sync_jobs as j')
      .leftJoin('sync_job_batches as b', 'b.sync_job_id', 'j.id')
      .select((eb) => [
        'j.state as job_state',
        'j.total as job_total',
        'j.started_at as job_started_at',
        'j.finished_at as job_finished_at',
        eb.cast<number>(eb.fn.coalesce(eb.fn.sum('b.synced'), sql.lit(0)), 'integer').as('job_synced'),
        eb.cast<number>(eb.fn.coalesce(eb.fn.sum('b.failed'), sql.lit(0)), 'integer').as('job_failed'),
      ])
      .groupBy('j.id')
      .orderBy('j.started_at', 'desc')
      .limit(1);
    return k
      .selectFrom(summary.as('s'))
      .leftJoin(lastError.as('e'), (join) => join.onTrue())
      .leftJoin(lastJob.as('j'), (join) => join.onTrue())
      .selectAll()
      .executeTakeFirstOrThrow();
  }
}
