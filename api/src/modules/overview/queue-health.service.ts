import { Injectable } from '@nestjs/common';
import type { AdminOverview } from '@nocturne/contracts';
import { ALL_QUEUES } from '@nocturne/queues';
import { QUEUE_DASHBOARD_PATH } from '#infrastructure/queues/queue-dashboard.js';
import { QueueRegistry } from '#infrastructure/queues/queue-registry.js';

/** How long the overview waits for Redis before answering without the queues. */
export const QUEUE_HEALTH_TIMEOUT_MS = 1500;

type QueuesHealth = AdminOverview['queues'];

/**
 * Jobs per queue and state, read from Redis (BullMQ's own counts; not versioned, so the overview's
 * ETag carries a clock). Redis away or slow is a partial answer, never a failed overview: the
 * figures from PostgreSQL still matter most when the queues are the problem.
 */
@Injectable()
export class QueueHealthService {
  constructor(private readonly queues: QueueRegistry) {}

  async read(): Promise<QueuesHealth> {
    const dashboardPath = QUEUE_DASHBOARD_PATH;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${QUEUE_HEALTH_TIMEOUT_MS / 1000} s`)),
        QUEUE_HEALTH_TIMEOUT_MS,
      );
    });
    try {
      const queues = await Promise.race([Promise.all(ALL_QUEUES.map((name) => this.countsOf(name))), timeout]);
      return { available: true, error: null, queues, dashboardPath };
    } catch (error) {
      return { available: false, error: `Redis is not answering: ${(error as Error).message}`, queues: [], dashboardPath };
    } finally {
      clearTimeout(timer);
    }
  }

  private async countsOf(name: (typeof ALL_QUEUES)[number]) {
    const counts = await this.queues.get(name).getJobCounts('wait', 'active', 'delayed', 'failed');
    return {
      name,
      waiting: counts['wait'] ?? 0,
      active: counts['active'] ?? 0,
      delayed: counts['delayed'] ?? 0,
      failed: counts['failed'] ?? 0,
    };
  }
}
