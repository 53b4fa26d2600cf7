import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import { ALL_QUEUES } from '@nocturne/queues';
import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { QueueRegistry } from '../queues/queue-registry.js';

/**
 * How far behind the background work is, read at scrape time: outbox rows the relay has not
 * moved to Redis yet (and the age of the oldest), and the age of the oldest job waiting in each
 * queue. Alert rules in deploy/observability use them (lag, not just depth).
 */
export function registerBacklogMetrics(registry: Registry, em: EntityManager, queues: QueueRegistry): void {
  let outbox: Promise<{ pending: number; oldestAgeSeconds: number } | undefined> | undefined;
  // One query per scrape for both outbox gauges (the partial index outbox_unpublished_idx keeps it cheap).
  const readOutbox = () => {
    outbox ??= db(em.fork())
      .selectFrom('outbox')
      .select([
        sql<string>`count(*)::text`.as('pending'),
        sql<string | null>`extract(epoch from now() - min(created_at))::text`.as('oldest_age_seconds'),
      ])
      .where('published_at', 'is', null)
      .executeTakeFirst()
      .then((row) => ({
        pending: Number(row?.pending ?? 0),
        oldestAgeSeconds: Math.max(0, Number(row?.oldest_age_seconds ?? 0)),
      }))
      .catch(() => undefined)
      .finally(() => setTimeout(() => (outbox = undefined), 0));
    return outbox;
  };
  new Gauge({
    name: 'outbox_pending_events',
    help: 'Domain events written to the outbox and not yet relayed to the queues',
    registers: [registry],
    async collect() {
      const read = await readOutbox();
      if (read) this.set(read.pending);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox event not yet relayed (0 when none waits)',
    registers: [registry],
    async collect() {
      const read = await readOutbox();
      if (read) this.set(read.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'queue_oldest_waiting_job_age_seconds',
    help: 'Age of the oldest job waiting for a worker per queue (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const now = Date.now();
      for (const name of ALL_QUEUES) {
        try {
          // BullMQ pushes new jobs on the left of the wait list: ascending order starts at the oldest.
          const [oldest] = await queues.get(name).getJobs(['wait'], 0, 0, true);
          this.set({ queue: name }, oldest ? Math.max(0, (now - oldest.timestamp) / 1000) : 0);
        } catch {
          // Redis away: keep the last value; /health/ready reports the outage.
        }
      }
    },
  });
}
