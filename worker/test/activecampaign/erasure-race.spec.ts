import type { INestApplicationContext } from '@nestjs/common';
import {
  ActiveCampaignStub,
  registerAdmin,
  registerMember,
  startTestApp,
  type TestApp,
  testEnv,
  waitFor,
} from '@nocturne/testing';
import { startWorker } from '../support/worker-app.js';
import { seedMembers } from '../support/worker-harness.js';

// Security review M3: deleted members stayed in ActiveCampaign. A sync in flight during the
// deletion wrote ac_contact_id back onto the erased row (and the contact stayed), and the bulk
// import never stored the contact ids, so a deletion had no contact to delete.
let stub: ActiveCampaignStub;
let t: TestApp;
let worker: INestApplicationContext;

beforeAll(async () => {
  stub = await ActiveCampaignStub.start();
  const base = await testEnv({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken });
  t = await startTestApp({}, base);
  worker = await startWorker(base.env, {
    importPolling: { pollDelaysMs: [300, 600, 1000], recheckDelaysMs: [500], maxRechecks: 5 },
  });
});
afterAll(async () => {
  stub?.releaseContactSyncs();
  await worker?.close();
  await t?.close();
  await stub?.close();
});

const memberRow = async (id: string) =>
  (await t.sql.query('select email, ac_contact_id, ac_synced_at, deleted_at from members where id = $1', [id])).rows[0];

it('deletes the contact of a member erased while their sync was in flight, and the row stays erased', async () => {
  stub.holdContactSyncs();
  const { user, email, password, sessionId } = await registerMember(t);
  // The registration's sync has reached AC (the contact exists there) and waits for its answer.
  await waitFor(() => stub.heldContactSyncs === 1, { timeoutMs: 20_000, what: 'the sync to be in flight' });
  const contactId = stub.contactIdOf(email)!;
  expect(contactId).toBeDefined();

  const deleted = await t.request('DELETE', '/api/auth/me', { token: sessionId, body: { password } });
  expect(deleted.status).toBe(200);
  stub.releaseContactSyncs();

  await waitFor(() => stub.deletedContacts.includes(contactId), { timeoutMs: 20_000, what: 'the DELETE of the contact' });
  expect(stub.hasContact(email)).toBe(false);
  const row = await memberRow(user.id);
  expect(row).toMatchObject({ ac_contact_id: null, ac_synced_at: null, deleted_at: expect.any(Date) });
  expect(row.email).toMatch(/@deleted\.invalid$/);
}, 40_000);

it('keeps the contact id of every member a bulk sync reaches, so deleting the member deletes their contact', async () => {
  const admin = await registerAdmin(t);
  // Two members whose contacts exist in AC without their ids stored (as bulk imports left them):
  // the import updates them, and import/info lists neither.
  const known = await Promise.all([registerMember(t), registerMember(t)]);
  for (const member of [admin, ...known])
    await waitFor(async () => (await memberRow(member.user.id)).ac_contact_id, {
      timeoutMs: 20_000,
      what: 'the registration sync',
    });
  await t.sql.query('update members set ac_contact_id = null where id = any($1::uuid[])', [known.map((m) => m.user.id)]);
  // Three members the import creates: import/info lists their ids, without e-mails.
  await seedMembers(t.sql, 3, `bulk-${Date.now()}`);

  const started = await t.request('POST', '/api/admin/sync-contacts', { token: admin.sessionId });
  expect(started.status).toBe(202);
  const rows = await waitFor(
    async () => {
      const found = (
        await t.sql.query<{ id: string; email: string; ac_contact_id: string | null }>(
          'select id, email, ac_contact_id from members where deleted_at is null',
        )
      ).rows;
      return found.length >= 6 && found.every((row) => row.ac_contact_id) ? found : null;
    },
    { timeoutMs: 40_000, what: 'the contact id of every member' },
  );
  for (const row of rows) expect(row.ac_contact_id).toBe(stub.contactIdOf(row.email));

  const leaving = known[0]!;
  const contactId = (await memberRow(leaving.user.id)).ac_contact_id;
  const deleted = await t.request('DELETE', '/api/auth/me', { token: leaving.sessionId, body: { password: leaving.password } });
  expect(deleted.status).toBe(200);
  await waitFor(() => stub.deletedContacts.includes(contactId), { timeoutMs: 20_000, what: 'the DELETE of the contact' });
  expect(stub.hasContact(leaving.email)).toBe(false);
}, 90_000);

it('pairs the contacts a bulk import created after the sync, and deletes the one whose member was erased during the import', async () => {
  const admin = await registerAdmin(t);
  const [leaving, staying] = await Promise.all([registerMember(t), registerMember(t)]);
  for (const member of [admin, leaving, staying])
    await waitFor(async () => (await memberRow(member.user.id)).ac_contact_id, {
      timeoutMs: 20_000,
      what: 'the registration sync',
    });
  // Two members AC does not hold (their contacts were removed there): the import creates them,
  // and import/info lists only the new ids.
  for (const member of [leaving, staying]) stub.forgetContact(member.email);
  await t.sql.query('update members set ac_contact_id = null where id = any($1::uuid[])', [[leaving.user.id, staying.user.id]]);

  stub.holdImports('active');
  const started = await t.request('POST', '/api/admin/sync-contacts', { token: admin.sessionId });
  expect(started.status).toBe(202);
  const syncJobId = started.body.jobId;
  await waitFor(() => stub.hasContact(leaving.email) && stub.hasContact(staying.email), {
    timeoutMs: 20_000,
    what: 'the import to reach AC',
  });
  const deleted = await t.request('DELETE', '/api/auth/me', { token: leaving.sessionId, body: { password: leaving.password } });
  expect(deleted.status).toBe(200);
  const leavingContact = stub.contactIdOf(leaving.email)!;
  stub.releaseImports();

  await waitFor(
    async () => (await t.sql.query('select state from sync_jobs where id = $1', [syncJobId])).rows[0]?.state === 'completed',
    {
      timeoutMs: 40_000,
      what: 'the sync to complete',
    },
  );
  await waitFor(async () => (await memberRow(staying.user.id)).ac_contact_id, {
    timeoutMs: 20_000,
    what: 'the created contact paired',
  });
  expect((await memberRow(staying.user.id)).ac_contact_id).toBe(stub.contactIdOf(staying.email));
  await waitFor(() => stub.deletedContacts.includes(leavingContact), {
    timeoutMs: 20_000,
    what: "the erased member's contact deleted",
  });
  expect(stub.hasContact(leaving.email)).toBe(false);
  expect(await memberRow(leaving.user.id)).toMatchObject({
    ac_contact_id: null,
    ac_synced_at: null,
    deleted_at: expect.any(Date),
  });
}, 90_000);
