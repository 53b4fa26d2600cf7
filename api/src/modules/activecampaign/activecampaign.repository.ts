import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import * as syncJobs from '@nocturne/sync-jobs';
import { AC_PENDING_COUNT_CAP } from '@nocturne/contracts';
import { sql } from 'kysely';

/**
 * Members (not deleted): when the last sync was, how many wait for their first (counted no further
 * than AC_PENDING_COUNT_CAP + 1), how many failed. Each figure reads its own partial index
 * (AcSyncCounts migration), not every member.
 */
function memberSyncCounts(em: EntityManager) {
  return db(em).selectNoFrom((eb) => [
    eb
      .selectFrom('members')
      .select((m) => m.fn.max('ac_synced_at').as('at'))
      .where('deleted_at', 'is', null)
      .as('last_sync_at'),
    eb
      .selectFrom(
        eb
          .selectFrom('members')
          .select('id')
          .where('deleted_at', 'is', null)
          .where('ac_synced_at', 'is', null)
          .where('ac_sync_error', 'is', null)
          .limit(AC_PENDING_COUNT_CAP + 1)
          .as('waiting'),
      )
      .select((w) => w.cast<number>(w.fn.countAll(), 'integer').as('n'))
      .as('pending'),
    eb
      .selectFrom('members')
      .select((m) => m.cast<number>(m.fn.countAll(), 'integer').as('n'))
      .where('deleted_at', 'is', null)
      .where('ac_sync_error', 'is not', null)
      .as('failed'),
  ]);
}

/**
 * Sync jobs, their batches and the members' sync state. Every method runs in the caller's `em`
 * (its transaction). A sync job's rows are written only through @nocturne/sync-jobs, which the
 * worker's ActiveCampaign area uses too.
 */
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

  /** A new running sync job, or undefined when one is running already. */
  startSyncJob(em: EntityManager, requestedBy: string): Promise<string | undefined> {
    return syncJobs.startSyncJob(em, requestedBy);
  }

  runningSyncJob(em: EntityManager) {
    return db(em).selectFrom('sync_jobs').select(['id', 'total']).where('state', '=', 'running').executeTakeFirst();
  }

  /** Snapshots every member into batches of `batchSize`, in id order, numbered from 0. */
  writeBatches(em: EntityManager, syncJobId: string, batchSize: number): Promise<void> {
    return syncJobs.writeBatches(em, syncJobId, batchSize);
  }

  /** Sets the job's total to the members in its batches; answers it. */
  countSyncJobTotal(em: EntityManager, syncJobId: string): Promise<number> {
    return syncJobs.countSyncJobTotal(em, syncJobId);
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
