import type { INestApplicationContext } from '@nestjs/common';
import { waitFor, registerAdmin, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BULK_FAILURE_REASON } from '#activecampaign/import-batch.job.js';
import { startWorker } from '../support/worker-app.js';
import { seedMembers } from '../support/worker-harness.js';

/**
 * The worker's settle path fed ActiveCampaign's own examples, verbatim, by a server that knows
 * nothing else: "Bulk import contacts" (200 answer) and "Bulk import status info" (its
 * example). AC's ids in `success` name no member; only `failure` does.
 */
const DOCUMENTED_IMPORT_ANSWER =
  '{"Success":1,"queued_contacts":1,"batchId":"0641fbdd-f62f-4c2c-ba02-3a83d5d11ac9","message":"Contact import queued"}';
const DOCUMENTED_INFO_ANSWER =
  '{"status":"completed","success":["123","124","125","126"],"failure":["invalid.email@invalidDomain"]}';
/**
 * "List, search, and filter contacts" (GET /api/3/contacts), its documented answer shape with no
 * match: the ids 123–126 of the example name contacts this server never made.
 */
const DOCUMENTED_EMPTY_LIST_ANSWER =
  '{"scoredContacts":[],"contacts":[],"meta":{"total":"0","page_input":{"segmentid":null,"formid":0,"listid":0,"tagid":0,"limit":20}}}';
const API_TOKEN = 'documented-example-token';

let server: Server;
let url: string;
const received: { method: string; path: string; token: string | undefined; body: string }[] = [];
let t: TestApp;
let worker: INestApplicationContext | undefined;
let adminToken: string;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The stub's answer: ActiveCampaign's own documented examples, 404 for anything else. */
async function answerDocumented(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await bodyOf(request);
  const path = request.url ?? '';
  received.push({ method: request.method ?? '', path, token: request.headers['api-token'] as string | undefined, body });
  const answer =
    request.method === 'POST' && path === '/api/3/import/bulk_import'
      ? DOCUMENTED_IMPORT_ANSWER
      : request.method === 'GET' && path === '/api/3/import/info?batchId=0641fbdd-f62f-4c2c-ba02-3a83d5d11ac9'
        ? DOCUMENTED_INFO_ANSWER
        : request.method === 'GET' && path.startsWith('/api/3/contacts?')
          ? DOCUMENTED_EMPTY_LIST_ANSWER
          : undefined;
  response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
  response.end(answer ?? '{"message":"not part of this test"}');
}

beforeAll(async () => {
  server = createServer((request, response) => void answerDocumented(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = await testEnv({ AC_API_URL: url, AC_API_KEY: API_TOKEN, AC_AUTO_SYNC: 'false' });
  t = await startTestApp({}, base);
  adminToken = (await registerAdmin(t)).sessionId;
  worker = await startWorker(base.env, { importPolling: { pollDelaysMs: [100], recheckDelaysMs: [1_000], maxRechecks: 1 } });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('syncs every member of a completed import except the one AC lists in `failure`, and the bar ends at the real count', async () => {
  await seedMembers(t.sql, 5, 'documented');
  // The documented failure, spelt in another case: AC compares e-mails case-insensitively.
  await t.sql.query(
    "insert into members (email, first_name, password_hash) values ('Invalid.Email@InvalidDomain', 'Broken', 'x')",
  );

  const started = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
  expect(started.status).toBe(202);
  const { jobId, total } = started.body;
  expect(total).toBe(7); // the admin, five seeded members, the broken address

  const done = await waitFor(
    async () => {
      const job = (await t.request('GET', `/api/admin/sync-jobs/${jobId}`, { token: adminToken })).body;
      return job.state === 'completed' && job;
    },
    { timeoutMs: 30_000, intervalMs: 100, what: 'the bulk sync to complete' },
  );
  expect(done).toMatchObject({ total: 7, synced: 6, failed: 1, percent: 100 });

  const { rows } = await t.sql.query<{ email: string; ac_synced_at: Date | null; ac_sync_error: string | null }>(
    'select email, ac_synced_at, ac_sync_error from members order by email',
  );
  const broken = rows.find((r) => r.email === 'Invalid.Email@InvalidDomain')!;
  expect(broken).toMatchObject({ ac_synced_at: null, ac_sync_error: BULK_FAILURE_REASON });
  for (const row of rows.filter((r) => r !== broken))
    expect(row).toMatchObject({ ac_sync_error: null, ac_synced_at: expect.any(Date) });

  // One import of all seven, in the documented request shape, then its status.
  const imports = received.filter((r) => r.path === '/api/3/import/bulk_import');
  expect(imports).toHaveLength(1);
  expect(imports[0]!.token).toBe(API_TOKEN);
  const sent = JSON.parse(imports[0]!.body) as { contacts: { email: string; first_name: string; last_name: string }[] };
  expect(sent.contacts).toHaveLength(7);
  expect(sent.contacts.map((c) => c.email)).toContain('Invalid.Email@InvalidDomain');
  expect(sent.contacts[0]).toEqual(
    expect.objectContaining({ email: expect.any(String), first_name: expect.any(String), last_name: expect.any(String) }),
  );
  expect(received.some((r) => r.path === '/api/3/import/info?batchId=0641fbdd-f62f-4c2c-ba02-3a83d5d11ac9')).toBe(true);
  // The created ids are paired with e-mails through the contact list (security review M3).
  expect(received.some((r) => r.path.startsWith('/api/3/contacts?ids%5B%5D=123&ids%5B%5D=124'))).toBe(true);
});
