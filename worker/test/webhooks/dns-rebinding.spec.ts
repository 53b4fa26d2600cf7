import { createServer, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { registerAdmin, registerMember, startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import { startWorker } from '../support/worker-app.js';

// A name that answers a public address to the first lookup and 127.0.0.1 to every later one (the
// name is localhost, so a delivery that skipped the stub and asked the system would land inside too): the
// DNS rebinding of the security review (M1). The worker runs WITHOUT WEBHOOKS_ALLOW_PRIVATE; only
// the api (registration) has it, so the endpoint can be stored without a real DNS name.
const PUBLIC_ANSWER = '93.184.216.34';
const lookups: string[] = [];
const rebinding = async (hostname: string): Promise<LookupAddress[]> => {
  lookups.push(hostname);
  return [{ address: lookups.length === 1 ? PUBLIC_ANSWER : '127.0.0.1', family: 4 }];
};

let receiver: Server;
let hits = 0;
let t: TestApp;
let worker: INestApplicationContext;

beforeAll(async () => {
  receiver = createServer((_request, response) => {
    hits += 1;
    response.statusCode = 204;
    response.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = await testEnv();
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, base);
  worker = await startWorker(base.env, { webhookResolver: rebinding });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('webhook delivery and DNS rebinding', () => {
  it('refuses a name that resolves to a public address for the check and to 127.0.0.1 for the connection', async () => {
    const admin = await registerAdmin(t);
    const url = `http://localhost:${(receiver.address() as AddressInfo).port}/hooks`;
    const created = await t.request('POST', '/api/admin/webhooks', {
      token: admin.sessionId,
      body: { url, events: ['member.registered'] },
    });
    expect(created.status).toBe(201);
    await registerMember(t);

    const delivery = await waitFor(
      async () => {
        const log = (await t.request('GET', `/api/admin/webhooks/${created.body.id}/deliveries`, { token: admin.sessionId }))
          .body;
        return log[0]?.state === 'failed' ? log[0] : null;
      },
      { timeoutMs: 20_000, what: 'the delivery to be refused' },
    );
    expect(delivery.lastError).toMatch(/localhost resolves to 127\.0\.0\.1, a private or loopback address/);
    // The connection made its own lookup (the second), and what it got was refused: nothing reached the inside.
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    expect(hits).toBe(0);
  }, 40_000);
});
