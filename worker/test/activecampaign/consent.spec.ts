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

/*
 * A member's status on the marketing list (AC_LIST_ID) follows their consent, through
 * the requests AC documents — POST /api/3/contactLists with status 1 (subscribed) or 2
 * (unsubscribed), and a bulk import's subscribe / unsubscribe arrays. The stand-in refuses any
 * other status and remembers every e-mail ever given status 1.
 */
const LIST = '7';
let stub: ActiveCampaignStub;
let t: TestApp;
let worker: INestApplicationContext;
let adminToken: string;

beforeAll(async () => {
  stub = await ActiveCampaignStub.start();
  const base = await testEnv({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken, AC_LIST_ID: LIST });
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await stub?.close();
});

const listStatus = (email: string) =>
  waitFor(() => stub.listStatusOf(email, LIST), { timeoutMs: 20_000, what: `the list status of ${email}` });

describe('ActiveCampaign list status follows marketing consent', () => {
  it('a member who did not tick consent is synced as unsubscribed, never subscribed', async () => {
    const { email } = await registerMember(t);
    expect(await listStatus(email)).toBe('2');
    expect(stub.everSubscribed.has(email.toLowerCase())).toBe(false);
  });

  it('a member who ticked consent is subscribed, and withdrawing it in the profile unsubscribes them', async () => {
    const { email, sessionId } = await registerMember(t, { marketingConsent: true });
    expect(await listStatus(email)).toBe('1');
    const withdrawn = await t.request('PATCH', '/api/auth/me/consent', { token: sessionId, body: { marketingConsent: false } });
    expect(withdrawn.status).toBe(200);
    await waitFor(() => stub.listStatusOf(email, LIST) === '2', { timeoutMs: 20_000, what: 'the unsubscription' });
  });

  it('a bulk sync puts only consenting members under subscribe', async () => {
    await seedMembers(t.sql, 40, 'consent-bulk');
    await t.sql.query("update members set marketing_consent = true where email like 'consent-bulk-1_@example.com'");
    const started = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
    expect(started.status).toBe(202);
    const { rows } = await t.sql.query<{ email: string; marketing_consent: boolean }>(
      "select email, marketing_consent from members where email like 'consent-bulk-%'",
    );
    await waitFor(() => rows.every((r) => stub.listStatusOf(r.email, LIST) !== undefined), {
      timeoutMs: 60_000,
      intervalMs: 250,
      what: 'every seeded member on the list',
    });
    for (const row of rows) {
      expect([row.email, stub.listStatusOf(row.email, LIST)]).toEqual([row.email, row.marketing_consent ? '1' : '2']);
      expect(stub.everSubscribed.has(row.email)).toBe(row.marketing_consent);
    }
    expect(rows.filter((r) => r.marketing_consent)).toHaveLength(10);
  });
});
