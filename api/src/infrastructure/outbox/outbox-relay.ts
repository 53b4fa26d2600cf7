import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type Database, db, PreparedQuery } from '@nocturne/db';
import { jobIdFor, type JobRequest, jobsForStoredEvent } from '@nocturne/queues';
import { type Selectable, sql } from 'kysely';
import pg from 'pg';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { QueueRegistry } from '../queues/queue-registry.js';

type OutboxRow = Pick<Selectable<Database['outbox']>, 'id' | 'type' | 'payload' | 'correlation_id'>;

const BATCH = 200;

// A pass's statements, compiled once (PreparedQuery): under a stream of commits the relay passes every GATHER_MS.
const unpublishedRows = new PreparedQuery((kysely, limit: number) =>
  kysely
    .selectFrom('outbox')
    .select(['id', 'type', 'payload', 'correlation_id'])
    .where('published_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked(),
);
const markPublished = new PreparedQuery((kysely, ids: string[]) =>
  kysely
    .updateTable('outbox')
    .set({ published_at: sql`now()`, last_error: null })
    .where('id', '=', sql<string>`any(${sql.val(ids)}::bigint[])`),
);
const POLL_MS = 1000;
/**
 * A pass a commit wakes starts at least this long after the last pass started. A pass costs about
 * the same whatever it carries (its transaction, one BullMQ pipeline per queue), and each commit
 * wakes the relay: under a stream of commits, passes started at once would carry a few rows each
 * (3-4 at 200 commits a second). The first event after a quiet spell is relayed at once.
 */
export const GATHER_MS = 25;

/**
 * Moves outbox rows to BullMQ. Polling is the source of truth; LISTEN/NOTIFY only wakes it early.
 * Rows are locked with SKIP LOCKED so several api replicas share the work, and each job's id is
 * derived from its row, so a row relayed twice still makes each job once. While Redis is away the
 * rows wait, and go out when it returns.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private listener?: pg.Client;
  private timer?: NodeJS.Timeout;
  /** When the pending timer fires (meaningful while `timer` is set). */
  private dueAt = 0;
  private lastPassAt = 0;
  private running = false;
  private stopped = false;
  private wakeRequested = false;
  private failures = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly queues: QueueRegistry,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.listen();
    this.schedule(0);
  }

  /** Stops before the ORM's pool closes (that happens at application shutdown), finishing the batch in hand. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.listener?.end().catch(() => undefined);
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Relays until no unpublished rows are left (or Redis fails). Returns how many rows it published. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.relayBatch();
      total += published;
      // Stopping: the batch in hand is done; the rest wait in the outbox for the next process.
      if (published < BATCH || this.stopped) return total;
    }
  }

  private wake(): void {
    if (this.running) this.wakeRequested = true;
    else this.schedule(this.untilNextPass());
  }

  private untilNextPass(): number {
    return Math.max(0, this.lastPassAt + GATHER_MS - Date.now());
  }

  /** Runs a pass after `delay`, unless one is already due sooner. */
  private schedule(delay: number): void {
    if (this.stopped) return;
    const dueAt = Date.now() + delay;
    if (this.timer !== undefined && this.dueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, delay);
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    this.wakeRequested = false;
    this.lastPassAt = Date.now();
    let delay = POLL_MS;
    try {
      await this.drain();
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      delay = Math.min(POLL_MS * 2 ** this.failures, 5_000);
      if (this.failures === 1 || this.failures % 10 === 0) {
        this.logger.warn(`Outbox relay paused (${this.failures} failures): ${(error as Error).message}`);
      }
    } finally {
      this.running = false;
    }
    this.schedule(this.wakeRequested ? this.untilNextPass() : delay);
  }

  private async relayBatch(): Promise<number> {
    const outcome = await this.em.fork().transactional(async (tx) => {
      const rows = await unpublishedRows.rows(tx, BATCH);
      if (!rows.length) return { published: 0 };
      const ids = rows.map((row) => row.id);
      try {
        await this.enqueue(rows);
      } catch (error) {
        // Keep the rows for the next attempt, and record why they are waiting (committed).
        const message = (error as Error).message.slice(0, 500);
        await db(tx)
          .updateTable('outbox')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: message }))
          .where('id', 'in', ids)
          .execute();
        return { published: 0, error: error as Error };
      }
      await markPublished.rows(tx, ids);
      return { published: rows.length };
    });
    if (outcome.error) throw outcome.error;
    return outcome.published;
  }

  /** One job per route of each row's event, its id derived from the row, its correlation id the row's. */
  private async enqueue(rows: OutboxRow[]): Promise<void> {
    const jobs: JobRequest[] = [];
    for (const row of rows) {
      const routed = jobsForStoredEvent(row.type, row.payload);
      if (!routed) {
        this.logger.error(`Outbox row ${row.id} has unknown event type ${row.type}; published with no jobs`);
        continue;
      }
      const correlationId = row.correlation_id ?? undefined;
      for (const job of routed) {
        jobs.push({ ...job, options: { ...job.options, jobId: jobIdFor(row.id, job.name), correlationId } });
      }
    }
    await this.queues.enqueueBulk(jobs);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL });
    client.on('notification', () => this.wake());
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.stopped) return;
      // The wake-up channel is only an optimisation: polling carries on while it reconnects.
      setTimeout(() => void this.listen(), 2000);
    });
    try {
      await client.connect();
      // Raw SQL: LISTEN is a session command Kysely has no builder for (the trigger outbox_notify sends on commit).
      await client.query('LISTEN outbox');
      // Stopped while connecting: nobody would end this connection later.
      if (this.stopped) await client.end();
      else this.listener = client;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
}
