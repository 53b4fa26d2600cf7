import { ActiveCampaignStub, registerAdmin, startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import { Queue } from 'bullmq';
import { startWorker } from '../support/worker-app.js';
import { seedMembers } from '../support/worker-harness.js';

// ActiveCampaign switched off (its port refuses connections) then on again, around a bulk sync:
// the screens say what is true, and the sync waits and resumes by itself (PRODUCT.md §2.6).

let stub: ActiveCampaignStub;
let t: TestApp;
let env: Record<string, string>;
let adminToken: string;
let worker: INestApplicationContext | undefined;
let queue: Queue;

beforeAll(async () => {
  stub = await ActiveCampaignStub.start();
  const base = await testEnv({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken, AC_AUTO_SYNC: 'false' });
  env = base.env;
  t = await startTestApp({}, base);
  adminToken = (await registerAdmin(t)).sessionId;
  queue = new Queue(QueueName.ActiveCampaign, { connection: { url: env['REDIS_URL'] }, prefix: env['REDIS_PREFIX'] });
});
afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await t?.close();
  await stub?.close();
});

async function acStatus() {
  const answer = await t.request('GET', '/api/admin/integrations/activecampaign', { token: adminToken });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function progress(jobId: string) {
  const answer = await t.request('GET', `/api/admin/sync-jobs/${jobId}`, { token: adminToken });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('ActiveCampaign out of reach', () => {
  it('is "not contacted" before any call, unreachable with the reason while off, connected once it answers; the bulk sync pauses and resumes', async () => {
    expect((await acStatus()).connection).toEqual({
      state: 'not_contacted',
      lastAnsweredAt: null,
      unreachableSince: null,
      reason: null,
    });
    await seedMembers(t.sql, 600, 'reach');
    await stub.switchOff();
    worker = await startWorker(env);
    const offAt = Date.now();
    const started = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
    expect(started.status).toBe(202);
    const { jobId, total } = started.body;

    const paused = await waitFor(
      async () => {
        const job = await progress(jobId);
        return job.paused && job;
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'the sync to say it is paused' },
    );
    expect(paused).toMatchObject({ state: 'running', synced: 0, failed: 0, percent: 0 });
    expect(paused.paused.reason).toBe('the connection was refused');
    expect(Date.parse(paused.paused.since)).toBeGreaterThanOrEqual(offAt - 1000);
    const off = (await acStatus()).connection;
    expect(off).toMatchObject({ state: 'unreachable', reason: 'the connection was refused', lastAnsweredAt: null });
    expect(off.unreachableSince).toBe(paused.paused.since);

    // Well past the first attempts' backoff: nothing failed for good, nothing was given up.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await progress(jobId)).toMatchObject({
      state: 'running',
      failed: 0,
      paused: { reason: 'the connection was refused' },
    });
    const batches = await t.sql.query<{ state: string; batch_no: number }>(
      'select state, batch_no from sync_job_batches where sync_job_id = $1',
      [jobId],
    );
    expect(batches.rows.every((row) => row.state === 'pending')).toBe(true);
    // Waiting is not failing: however long AC stays away, no batch spends its attempts (12, then failed for good).
    const tried = await Promise.all(batches.rows.map((row) => queue.getJob(`bulk-${jobId}-batch-${row.batch_no}`)));
    expect(tried.map((job) => job?.attemptsMade)).toEqual(batches.rows.map(() => 0));
    expect(tried.some((job) => (job?.attemptsStarted ?? 0) > 1)).toBe(true);

    const onAt = Date.now();
    await stub.switchOn();
    const done = await waitFor(
      async () => {
        const job = await progress(jobId);
        return job.state === 'completed' && job;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'the sync to resume and complete' },
    );
    console.log(
      `Bulk sync of ${total} members resumed by itself and completed ${((Date.now() - onAt) / 1000).toFixed(1)} s after AC came back`,
    );
    expect(done).toMatchObject({ total, synced: total, failed: 0, percent: 100, paused: null });
    const on = (await acStatus()).connection;
    expect(on).toMatchObject({ state: 'connected', unreachableSince: null, reason: null });
    expect(Date.parse(on.lastAnsweredAt)).toBeGreaterThanOrEqual(onAt - 1000);
  }, 120_000);
});
