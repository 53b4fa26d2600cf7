import type { INestApplicationContext } from '@nestjs/common';
import { ActiveCampaignStub, enrolTotp, waitFor, registerMember, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import { startWorker } from '../support/worker-app.js';

let stub: ActiveCampaignStub;
let t: TestApp;
let worker: INestApplicationContext;

beforeAll(async () => {
  stub = await ActiveCampaignStub.start();
  const base = await testEnv({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken });
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await stub?.close();
});

it("removes a deleted member's ActiveCampaign contact through the worker, and never syncs the emptied row again", async () => {
  const { user, email, password, sessionId } = await registerMember(t);
  const synced = await waitFor(
    async () => (await t.sql.query('select ac_contact_id from members where id = $1', [user.id])).rows[0].ac_contact_id,
    {
      timeoutMs: 20_000,
      what: 'the contact made on registration',
    },
  );
  expect(stub.hasContact(email)).toBe(true);

  const deleted = await t.request('DELETE', '/api/auth/me', { token: sessionId, body: { password } });
  expect(deleted.status).toBe(200);
  await waitFor(async () => stub.deletedContacts.includes(String(synced)), { timeoutMs: 20_000, what: 'the contact deletion' });
  expect(stub.hasContact(email)).toBe(false);

  // A manual sync asked for afterwards finds no one; the emptied row never reaches AC.
  const admin = await registerMember(t, { firstName: 'Alex' });
  await t.sql.query(`update members set role = 'admin' where id = $1`, [admin.user.id]);
  // An admin's session owes a second factor until one is enrolled.
  await enrolTotp(t, admin.sessionId);
  await waitFor(
    async () => (await t.sql.query('select ac_synced_at from members where id = $1', [admin.user.id])).rows[0].ac_synced_at,
    {
      timeoutMs: 20_000,
      what: "the admin's own sync",
    },
  );
  const syncsBefore = stub.counters.contactSyncs;
  const manual = await t.request('POST', `/api/admin/sync-contact/${user.id}`, { token: admin.sessionId });
  expect(manual.status).toBe(404);
  expect(stub.counters.contactSyncs).toBe(syncsBefore);
});
