import type { INestApplicationContext } from '@nestjs/common';
import {
  ActiveCampaignStub,
  waitFor,
  registerAdmin,
  registerMember,
  startTestApp,
  type TestApp,
  testEnv,
} from '@nocturne/testing';
import { startWorker } from '../support/worker-app.js';
import { seedMembers } from '../support/worker-harness.js';

let stub: ActiveCampaignStub;
let t: TestApp;
let worker: INestApplicationContext;
let adminToken: string;

beforeAll(async () => {
  stub = await ActiveCampaignStub.start();
  const base = await testEnv({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken });
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await stub?.close();
});

async function member(id: string) {
  const { rows } = await t.sql.query('select email, ac_contact_id, ac_synced_at, ac_sync_error from members where id = $1', [id]);
  return rows[0];
}

async function syncJob(jobId: string) {
  const answer = await t.request('GET', `/api/admin/sync-jobs/${jobId}`, { token: adminToken });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('ActiveCampaign sync', () => {
  it('syncs a member on registration, without an admin asking', async () => {
    const { user, email } = await registerMember(t);
    await waitFor(async () => (await member(user.id)).ac_synced_at, { timeoutMs: 20_000, what: 'auto-sync' });
    const row = await member(user.id);
    expect(row.ac_contact_id).toMatch(/^\d+$/);
    expect(row.ac_sync_error).toBeNull();
    expect(stub.reached.get(email)).toBe(1);
  });

  it("answers a manual sync truthfully: synced, or AC's reason recorded on the member", async () => {
    const { user } = await registerMember(t);
    const synced = await t.request('POST', `/api/admin/sync-contact/${user.id}`, { token: adminToken });
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ success: true, status: 'synced' });

    const { rows } = await t.sql.query(
      "insert into members (email, first_name, password_hash) values ('not-an-email@@example', 'Bad', 'x') returning id",
    );
    const refused = await t.request('POST', `/api/admin/sync-contact/${rows[0].id}`, { token: adminToken });
    expect(refused.body).toEqual({ success: false, status: 'failed', error: 'Contact Email Address is not valid.' });
    expect((await member(rows[0].id)).ac_sync_error).toBe('Contact Email Address is not valid.');

    const unknown = await t.request('POST', '/api/admin/sync-contact/00000000-0000-4000-8000-000000000000', {
      token: adminToken,
    });
    expect(unknown.status).toBe(404);
    await t.sql.query('delete from members where id = $1', [rows[0].id]);
  });

  it('bulk-syncs everyone exactly once through a spell of 503s and then 429s', async () => {
    await seedMembers(t.sql, 2_000, 'storm');
    const seen = new Map(stub.reached);
    const started = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
    expect(started.status).toBe(202);
    const { jobId, total } = started.body;
    const { rows } = await t.sql.query<{ n: number }>('select count(*)::int as n from members');
    expect(total).toBe(rows[0]!.n);

    const again = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
    expect(again.body).toEqual({ jobId, total, alreadyRunning: true });

    // Once the first batch is in, AC goes down for 2.5 s, then throttles everything for 2 s.
    await waitFor(async () => (await syncJob(jobId)).synced > 0, { timeoutMs: 20_000, intervalMs: 50, what: 'the first batch' });
    stub.failFor(503, 2_500);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    stub.failFor(429, 2_000);

    const done = await waitFor(
      async () => {
        const job = await syncJob(jobId);
        return job.state === 'completed' && job;
      },
      { timeoutMs: 150_000, intervalMs: 250, what: 'the bulk sync to complete' },
    );
    expect(done).toMatchObject({ total, synced: total, failed: 0, percent: 100 });
    expect(done.finishedAt).not.toBeNull();

    const emails = (await t.sql.query<{ email: string }>('select email from members')).rows.map((r) => r.email);
    for (const email of emails) expect((stub.reached.get(email) ?? 0) - (seen.get(email) ?? 0)).toBe(1);
    expect(stub.counters.forced503).toBeGreaterThan(0);
    expect(stub.counters.forced429).toBeGreaterThan(0);
    const unsynced = await t.sql.query('select count(*)::int as n from members where ac_synced_at is null');
    expect(unsynced.rows[0].n).toBe(0);

    const status = await t.request('GET', '/api/admin/integrations/activecampaign', { token: adminToken });
    expect(status.body).toMatchObject({
      configured: true,
      accountUrl: stub.url,
      autoSync: true,
      pending: 0,
      failed: 0,
      runningJobId: null,
    });
    expect(status.body.lastSyncAt).not.toBeNull();
  }, 180_000);
});
