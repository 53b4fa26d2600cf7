import { jest } from '@jest/globals';
import { startTestApp, type TestApp, waitFor } from '@nocturne/testing';
import { randomUUID } from 'node:crypto';
import { GATHER_MS } from '../src/infrastructure/outbox/outbox-relay.js';
import { QueueRegistry } from '../src/infrastructure/queues/queue-registry.js';

// Each commit wakes the relay, and a pass costs about the same whatever it carries (a transaction,
// a BullMQ pipeline per queue): under a stream of commits, as on a busy night, passes must carry
// many rows each, not one each, or the relay takes the api's thread from its requests.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const unpublished = async () =>
  (await t.sql.query<{ n: number }>('select count(*)::int as n from outbox where published_at is null')).rows[0]!.n;

it('relays a stream of commits in passes that each carry many of them, every event once', async () => {
  await waitFor(async () => (await unpublished()) === 0, { what: 'start-up events relayed' });
  const registry = t.app.get(QueueRegistry);
  const enqueueBulk = registry.enqueueBulk.bind(registry);
  const passes: number[] = [];
  const spy = jest.spyOn(registry, 'enqueueBulk').mockImplementation((jobs) => {
    passes.push(jobs.length);
    return enqueueBulk(jobs);
  });
  try {
    const commits = 60;
    const started = Date.now();
    // One commit each, one after another, as requests commit them: each notifies the relay.
    for (let i = 0; i < commits; i += 1) {
      await t.sql.query('insert into outbox (type, aggregate_id, payload) values ($1, $2, $3)', [
        'PasswordResetRequested',
        randomUUID(),
        JSON.stringify({ memberId: randomUUID(), requestId: randomUUID() }),
      ]);
    }
    const streamMs = Date.now() - started;
    await waitFor(async () => (await unpublished()) === 0, { what: 'the stream relayed' });
    expect(passes.reduce((sum, jobs) => sum + jobs, 0)).toBe(commits);
    // A pass at most every GATHER_MS while the stream lasts, and one for what came after the last.
    expect(passes.length).toBeLessThanOrEqual(Math.ceil(streamMs / GATHER_MS) + 2);
    expect(passes.length).toBeLessThan(commits / 2);
  } finally {
    spy.mockRestore();
  }
});
