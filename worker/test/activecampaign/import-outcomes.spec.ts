import type { INestApplicationContext } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import {
  ActiveCampaignStub,
  type StubImportStatus,
  waitFor,
  registerAdmin,
  startTestApp,
  type TestApp,
  testEnv,
} from '@nocturne/testing';
import { Queue } from 'bullmq';
import { startWorker } from '../support/worker-app.js';
import { seedMembers } from '../support/worker-harness.js';

/** Polls and re-checks in fractions of a second, where AC's imports take minutes. */
const FAST_POLLING = { pollDelaysMs: [50, 50, 100], recheckDelaysMs: [400], maxRechecks: 3 };

let stub: ActiveCampaignStub;
let t: TestApp;
let env: Record<string, string>;
let worker: INestApplicationContext;
let queue: Queue;
let adminToken: string;

beforeAll(async () => {
  stub = await ActiveCampaignStub.start({ importStatusUnsetMs: 100, importProcessingMs: 200 });
  const base = await testEnv({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken, AC_AUTO_SYNC: 'false' });
  env = base.env;
  t = await startTestApp({}, base);
  adminToken = (await registerAdmin(t)).sessionId;
  worker = await startWorker(env, { importPolling: FAST_POLLING });
  queue = new Queue(QueueName.ActiveCampaign, { connection: { url: env['REDIS_URL'] }, prefix: env['REDIS_PREFIX'] });
});
afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await t?.close();
  await stub?.close();
});
beforeEach(async () => {
  stub.releaseImports();
  await t.sql.query(`delete from members where role = 'member'`);
});

interface Progress {
  state: string;
  total: number;
  synced: number;
  failed: number;
  percent: number;
}

async function progress(jobId: string): Promise<Progress> {
  return (await t.request('GET', `/api/admin/sync-jobs/${jobId}`, { token: adminToken })).body;
}

async function startSync(): Promise<{ jobId: string; total: number }> {
  const started = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
  expect(started.status).toBe(202);
  return started.body;
}

async function finished(jobId: string, timeoutMs = 30_000): Promise<Progress> {
  return waitFor(
    async () => {
      const job = await progress(jobId);
      return job.state === 'completed' ? job : undefined;
    },
    { timeoutMs, intervalMs: 100, what: 'the bulk sync to complete' },
  );
}

async function batches(jobId: string) {
  return (
    await t.sql.query<{ batch_no: number; state: string; size: number; last_error: string | null }>(
      'select batch_no, state, cardinality(member_ids) as size, last_error from sync_job_batches where sync_job_id = $1 order by batch_no',
      [jobId],
    )
  ).rows;
}

describe.each([
  ['failed', 'the import batch has failed and can no longer be retried'],
  ['interrupted', 'the import batch was interrupted due to failures and will not be retried'],
] as const)('an import AC reports %s', (status, meaning) => {
  it("fails the batch with AC's reason, and the bar ends at 0 synced", async () => {
    await seedMembers(t.sql, 5, `ended-${status}`);
    stub.holdImports(status);
    const { jobId, total } = await startSync();
    expect(await finished(jobId)).toMatchObject({ total, synced: 0, failed: total, percent: 100 });
    const [batch] = await batches(jobId);
    expect(batch).toMatchObject({ state: 'failed' });
    expect(batch!.last_error).toMatch(new RegExp(`^ActiveCampaign import [0-9a-f-]+ ${status}: ${meaning}$`));
    const errors = await t.sql.query('select distinct ac_sync_error from members');
    expect(errors.rows).toEqual([{ ac_sync_error: batch!.last_error }]);
  });
});

describe.each([false, 'waiting', 'claimed', 'active'] as StubImportStatus[])('an import still %s after the polls', (status) => {
  it('is re-checked by a delayed job, not failed, and settles once AC completes it, without a second import', async () => {
    await seedMembers(t.sql, 5, `open-${String(status)}`);
    const importsBefore = stub.counters.imports;
    stub.holdImports(status);
    const { jobId, total } = await startSync();
    const batchJobId = `bulk-${jobId}-batch-0`;
    await waitFor(
      async () => {
        const job = await queue.getJob(batchJobId);
        return (await job?.getState()) === 'delayed' && (job?.data as { recheck?: number }).recheck === 1;
      },
      { timeoutMs: 10_000, intervalMs: 20, what: 'the batch to be re-checked later' },
    );
    expect(await progress(jobId)).toMatchObject({ state: 'running', synced: 0, failed: 0 });
    expect((await batches(jobId))[0]).toMatchObject({ state: 'pending', last_error: null });

    stub.releaseImports();
    expect(await finished(jobId)).toMatchObject({ total, synced: total, failed: 0, percent: 100 });
    expect(stub.counters.imports - importsBefore).toBe(1);
    const unsynced = await t.sql.query(
      'select count(*)::int as n from members where ac_synced_at is null or ac_sync_error is not null',
    );
    expect(unsynced.rows[0].n).toBe(0);
  });
});

it('fails a batch AC never finishes only after the last re-check, saying so', async () => {
  await seedMembers(t.sql, 3, 'never');
  stub.holdImports('waiting');
  const { jobId, total } = await startSync();
  expect(await finished(jobId)).toMatchObject({ total, synced: 0, failed: total });
  const [batch] = await batches(jobId);
  expect(batch!.last_error).toMatch(/^ActiveCampaign import [0-9a-f-]+ still waiting after 3 re-checks$/);
});

it('sends a lone member through contact/sync, never a single-contact bulk import', async () => {
  // With the admin, 251 members: one batch of 250 and one of 1.
  await seedMembers(t.sql, 250, 'lone');
  const before = { ...stub.counters };
  const { jobId, total } = await startSync();
  expect(total).toBe(251);
  expect(await finished(jobId)).toMatchObject({ total, synced: total, failed: 0 });
  expect((await batches(jobId)).map((b) => b.size)).toEqual([250, 1]);
  expect(stub.counters.imports - before.imports).toBe(1);
  expect(stub.counters.contactSyncs - before.contactSyncs).toBe(1);
  expect(stub.counters.singleContactImports).toBe(0);
  const lone = await t.sql.query(
    'select m.ac_contact_id from sync_job_batches b join members m on m.id = any(b.member_ids) where b.sync_job_id = $1 and b.batch_no = 1',
    [jobId],
  );
  expect(lone.rows[0].ac_contact_id).toMatch(/^\d+$/);
});

it('splits a batch of 250 whose request would pass 400,000 bytes, and every request stays within it', async () => {
  // Names and e-mail local parts of 4-byte characters, within the columns' lengths: about 1,700
  // bytes a contact, so 250 of them are about 430,000 bytes.
  await seedMembers(t.sql, 249, 'wide');
  await t.sql.query(
    `update members set email = repeat('😀', 200) || '-' || substr(md5(id::text), 1, 10) || '@example.com',
       first_name = repeat('😀', 100), last_name = repeat('😀', 100) where email like 'wide-%'`,
  );
  const before = { ...stub.counters };
  const { jobId, total } = await startSync();
  expect(total).toBe(250);
  expect(await finished(jobId)).toMatchObject({ total, synced: total, failed: 0 });
  const sizes = (await batches(jobId)).map((b) => b.size);
  expect(sizes.length).toBe(2);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(250);
  expect(stub.counters.imports - before.imports).toBe(2);
  expect(stub.counters.importsInvalid).toBe(0);
  expect(stub.counters.largestImportBytes).toBeLessThanOrEqual(400_000);
  expect(stub.counters.largestImportBytes).toBeGreaterThan(300_000);
});
