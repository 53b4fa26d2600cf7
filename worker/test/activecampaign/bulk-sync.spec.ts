import type { INestApplicationContext } from '@nestjs/common';
import { ActiveCampaignStub, waitFor, registerAdmin, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import type { ChildProcess } from 'node:child_process';
import { startWorker } from '../support/worker-app.js';
import { seedMembers, spawnWorker } from '../support/worker-harness.js';

let stub: ActiveCampaignStub;
let t: TestApp;
let env: Record<string, string>;
let adminToken: string;

beforeAll(async () => {
  stub = await ActiveCampaignStub.start();
  // Auto-sync off: these tests count how often each member reaches AC through the bulk sync alone.
  const base = await testEnv({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken, AC_AUTO_SYNC: 'false' });
  env = base.env;
  t = await startTestApp({}, base);
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

interface Progress {
  state: string;
  total: number;
  synced: number;
  failed: number;
  percent: number;
  finishedAt: string | null;
}

async function progress(jobId: string): Promise<Progress> {
  const answer = await t.request('GET', `/api/admin/sync-jobs/${jobId}`, { token: adminToken });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function allEmails(): Promise<string[]> {
  return (await t.sql.query<{ email: string }>('select email from members')).rows.map((r) => r.email);
}

function reachedSince(before: Map<string, number>, email: string): number {
  return (stub.reached.get(email) ?? 0) - (before.get(email) ?? 0);
}

describe('bulk sync to ActiveCampaign', () => {
  it('syncs 10,000 members, each reaching AC exactly once, with progress climbing to 100%', async () => {
    await seedMembers(t.sql, 10_000, 'bulk');
    const worker = await startWorker(env);
    try {
      const before = new Map(stub.reached);
      const startedAt = Date.now();
      const started = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
      expect(started.status).toBe(202);
      const { jobId, total } = started.body;
      expect(total).toBe(10_001);

      const percents: number[] = [];
      const done = await waitFor(
        async () => {
          const job = await progress(jobId);
          percents.push(job.percent);
          return job.state === 'completed' && job;
        },
        { timeoutMs: 170_000, intervalMs: 200, what: 'the bulk sync to complete' },
      );
      const seconds = (Date.now() - startedAt) / 1000;

      expect(done).toMatchObject({ total, synced: total, failed: 0, percent: 100 });
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
      for (const email of await allEmails()) expect(reachedSince(before, email)).toBe(1);
      // 40 imports of 250; the 10,001st member goes through contact/sync, never a single-contact import.
      expect(stub.counters.imports).toBe(40);
      expect(stub.counters.contactSyncs).toBe(1);
      expect(stub.counters.singleContactImports).toBe(0);
      const unsynced = await t.sql.query('select count(*)::int as n from members where ac_synced_at is null');
      expect(unsynced.rows[0].n).toBe(0);

      // 40 imports, 40 import/info reads and 1 contact/sync at 5 requests/second (the 100 imports/minute limit does not bind).
      const floor = (stub.counters.imports * 2 + stub.counters.contactSyncs) / 5;
      console.log(
        `Bulk sync of ${total} members: ${seconds.toFixed(1)} s; floor from the stub's limits ${floor.toFixed(1)} s ` +
          `(ratio ${(seconds / floor).toFixed(2)}); ${stub.counters.importInfos} import/info reads, 429s ${stub.counters.rateLimited}, refused imports ${stub.counters.importsRefused}`,
      );
    } finally {
      await worker.close();
    }
  }, 180_000);

  it('finishes after the worker is killed mid-run; only batches in flight at the kill reach AC twice', async () => {
    await t.sql.query('delete from members where email like $1', ['bulk-%']);
    await seedMembers(t.sql, 3_000, 'killed');
    const before = new Map(stub.reached);
    let child: ChildProcess | undefined = spawnWorker(env);
    let restarted: INestApplicationContext | undefined;
    try {
      const started = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
      const { jobId, total } = started.body;
      await waitFor(async () => (await progress(jobId)).synced >= 500, {
        timeoutMs: 60_000,
        intervalMs: 100,
        what: 'some batches done',
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      child = undefined;
      const atKill = await progress(jobId);
      expect(atKill.state).toBe('running');
      expect(atKill.synced).toBeLessThan(total);

      restarted = await startWorker(env);
      const done = await waitFor(
        async () => {
          const job = await progress(jobId);
          return job.state === 'completed' && job;
        },
        { timeoutMs: 150_000, intervalMs: 250, what: 'the bulk sync to complete after the restart' },
      );
      expect(done).toMatchObject({ total, synced: total, failed: 0, percent: 100 });

      const emails = await allEmails();
      const twice = emails.filter((email) => reachedSince(before, email) === 2);
      for (const email of emails) expect(reachedSince(before, email)).toBeGreaterThanOrEqual(1);
      expect(emails.filter((email) => reachedSince(before, email) > 2)).toEqual([]);
      // Duplicates come in whole batches (those in flight at the kill), at most the worker's concurrency of them.
      expect(twice.length).toBeLessThanOrEqual(10 * 250);
      const batches = await t.sql.query<{ emails: string[] }>(
        'select array_agg(m.email) as emails from sync_job_batches b join members m on m.id = any(b.member_ids) where b.sync_job_id = $1 group by b.id',
        [jobId],
      );
      const repeated = new Set(twice);
      for (const { emails: batch } of batches.rows) {
        const count = batch.filter((email) => repeated.has(email)).length;
        expect(count === 0 || count === batch.length).toBe(true);
      }
    } finally {
      child?.kill('SIGKILL');
      await restarted?.close();
    }
  }, 200_000);
});
