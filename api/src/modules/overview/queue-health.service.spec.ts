import type { QueueRegistry } from '#infrastructure/queues/queue-registry.js';
import { QUEUE_HEALTH_TIMEOUT_MS, QueueHealthService } from './queue-health.service.js';

/** A registry whose every queue answers getJobCounts with `answer()`. */
const registryAnswering = (answer: () => Promise<Record<string, number>>) =>
  ({ get: () => ({ getJobCounts: answer }) }) as unknown as QueueRegistry;

describe('QueueHealthService', () => {
  it("answers each queue's waiting, active, delayed and failed jobs, and the dashboard's path", async () => {
    const health = await new QueueHealthService(
      registryAnswering(async () => ({ wait: 4, active: 1, delayed: 2, failed: 3 })),
    ).read();
    expect(health.available).toBe(true);
    expect(health.dashboardPath).toBe('/admin/queues');
    expect(health.queues[0]).toEqual({ name: 'email', waiting: 4, active: 1, delayed: 2, failed: 3 });
  });

  it('gives up on a Redis that does not answer, saying so, instead of holding the overview', async () => {
    const started = Date.now();
    const health = await new QueueHealthService(registryAnswering(() => new Promise(() => undefined))).read();
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUEUE_HEALTH_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(QUEUE_HEALTH_TIMEOUT_MS + 1000);
    expect(health).toEqual({
      available: false,
      error: 'Redis is not answering: no answer within 1.5 s',
      queues: [],
      dashboardPath: '/admin/queues',
    });
  });
});
