import { loadConfig, workerEnvSchema } from '@nocturne/config';
import { ALL_QUEUES } from '@nocturne/queues';
import { queueConcurrency } from './queue-concurrency.js';

const concurrencies = (env: Record<string, string>) =>
  Object.fromEntries(ALL_QUEUES.map((queue) => [queue, queueConcurrency(loadConfig(workerEnvSchema, env), queue)]));

describe('queue concurrency', () => {
  it('runs e-mail and webhooks at WORKER_CONCURRENCY (4), ActiveCampaign and wallet pushes 10 in flight and maintenance one at a time by default', () => {
    expect(concurrencies({})).toEqual({ email: 4, webhooks: 4, activecampaign: 10, maintenance: 1, wallet: 10 });
  });

  it("applies WORKER_CONCURRENCY to every queue without a setting of its own, and each queue's own setting over it", () => {
    expect(concurrencies({ WORKER_CONCURRENCY: '8' })).toEqual({
      email: 8,
      webhooks: 8,
      activecampaign: 10,
      maintenance: 1,
      wallet: 10,
    });
    expect(
      concurrencies({
        WORKER_CONCURRENCY: '8',
        WORKER_CONCURRENCY_EMAIL: '2',
        WORKER_CONCURRENCY_WEBHOOKS: '16',
        WORKER_CONCURRENCY_ACTIVECAMPAIGN: '5',
        WORKER_CONCURRENCY_MAINTENANCE: '3',
        WORKER_CONCURRENCY_WALLET: '20',
      }),
    ).toEqual({ email: 2, webhooks: 16, activecampaign: 5, maintenance: 3, wallet: 20 });
    // Left empty in .env: the default, as if unset.
    expect(concurrencies({ WORKER_CONCURRENCY_WEBHOOKS: '', WORKER_CONCURRENCY_MAINTENANCE: '' })).toEqual(concurrencies({}));
  });

  it('refuses a concurrency that is not a whole number from 1 to 100, naming the variable', () => {
    for (const bad of ['0', '-1', '2.5', 'many', '101']) {
      expect(() => loadConfig(workerEnvSchema, { WORKER_CONCURRENCY_WEBHOOKS: bad })).toThrow(/WORKER_CONCURRENCY_WEBHOOKS/);
      expect(() => loadConfig(workerEnvSchema, { WORKER_CONCURRENCY: bad })).toThrow(/WORKER_CONCURRENCY:/);
    }
  });
});
