import { QueueName } from '@nocturne/queues';
import { TcpProxy, waitFor, randomIp, registerMember, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import { Queue } from 'bullmq';
import { OutboxRelay } from '../src/infrastructure/outbox/outbox-relay.js';

let t: TestApp;
let redisProxy: TcpProxy;
let emailQueue: Queue;

beforeAll(async () => {
  const base = await testEnv();
  redisProxy = TcpProxy.forUrl(base.env['REDIS_URL']!);
  await redisProxy.start();
  t = await startTestApp({ REDIS_URL: redisProxy.urlFor(base.env['REDIS_URL']!) }, base);
  // Read the queue directly, not through the proxy the app uses.
  emailQueue = new Queue(QueueName.Email, { connection: { url: base.env['REDIS_URL'] }, prefix: t.config.REDIS_PREFIX });
});
afterAll(async () => {
  await emailQueue.close();
  await t.close();
  await redisProxy.stop();
});

async function unpublished(): Promise<number> {
  const { rows } = await t.sql.query('select count(*)::int as n from outbox where published_at is null');
  return rows[0].n;
}

describe('transactional outbox', () => {
  it('keeps events raised while Redis is unreachable and enqueues each exactly once when it returns', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => registerMember(t)));
    await waitFor(async () => (await unpublished()) === 0, { what: 'registration events relayed' });

    redisProxy.cut();
    // Requests that do not need Redis keep working: each raises an event into the outbox.
    for (const member of members) {
      const answer = await t.request('POST', '/api/auth/forgot-password', {
        body: { email: member.email },
        headers: { 'x-forwarded-for': randomIp() },
      });
      expect(answer.status).toBe(202);
    }
    await waitFor(
      async () => {
        const { rows } = await t.sql.query(
          "select count(*)::int as n from outbox where type = 'PasswordResetRequested' and published_at is null and attempts > 0",
        );
        return rows[0].n === 10;
      },
      { timeoutMs: 15_000, what: 'relay attempts to fail while Redis is away' },
    );
    expect(await emailQueue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed')).toBe(0);

    redisProxy.restore();
    await waitFor(async () => (await unpublished()) === 0, {
      timeoutMs: 45_000,
      what: 'the outbox to drain after Redis returns',
    });
    const jobs = await emailQueue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    const { rows } = await t.sql.query(
      "select id::text as id, payload from outbox where type = 'PasswordResetRequested' order by id",
    );
    expect(rows).toHaveLength(10);
    expect(jobs.map((job) => job.id).sort()).toEqual(rows.map((row) => `${row.id}-email-password-reset`).sort());
    expect(new Set(jobs.map((job) => job.data.memberId))).toEqual(new Set(members.map((m) => m.user.id)));

    // Relayed again (as after a crash between enqueue and mark): still one job per event.
    await t.sql.query("update outbox set published_at = null where type = 'PasswordResetRequested'");
    await t.app.get(OutboxRelay).drain();
    expect(await unpublished()).toBe(0);
    expect(await emailQueue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).toHaveLength(10);
  }, 120_000);
});
