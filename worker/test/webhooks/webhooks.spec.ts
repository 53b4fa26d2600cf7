import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { waitFor, registerAdmin, registerMember, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import { Webhook } from 'standardwebhooks';
import { startWorker } from '../support/worker-app.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the reference library made of the signature: the parsed payload, or its error. */
  verified: unknown;
}

let receiver: Server;
let receiverUrl: string;
let t: TestApp;
let worker: INestApplicationContext;
let adminToken: string;
const received: Received[] = [];
let secret = '';
/** Status codes the receiver answers with, in turn; 204 once they run out. */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown;
      try {
        verified = new Webhook(secret).verify(body, request.headers as Record<string, string>);
      } catch (error) {
        verified = error;
      }
      received.push({ headers: request.headers, body, verified });
      response.statusCode = answers.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The receiver is on loopback, which only WEBHOOKS_ALLOW_PRIVATE lets through.
  const base = await testEnv({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const deliveriesOf = async (endpointId: string) =>
  (await t.request('GET', `/api/admin/webhooks/${endpointId}/deliveries`, { token: adminToken })).body;

describe('signed outgoing webhooks', () => {
  it('signs each subscribed event per Standard Webhooks, retries a failed delivery, logs it, and redelivers on request', async () => {
    const created = await t.request('POST', '/api/admin/webhooks', {
      token: adminToken,
      body: { url: receiverUrl, events: ['member.registered'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: receiverUrl,
      events: ['member.registered'],
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    secret = created.body.secret;
    const listed = await t.request('GET', '/api/admin/webhooks', { token: adminToken });
    expect(listed.body).toEqual([
      { id: created.body.id, url: receiverUrl, events: ['member.registered'], createdAt: created.body.createdAt },
    ]);

    answers.push(503);
    const member = await registerMember(t);
    const first = await waitFor(() => received[0], { timeoutMs: 20_000, what: 'the first delivery' });
    expect(first.verified).toEqual({
      type: 'member.registered',
      timestamp: expect.any(String),
      data: { memberId: member.user.id },
    });
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(first.headers['content-type']).toBe('application/json');
    const [failed] = await waitFor(async () => {
      const log = await deliveriesOf(created.body.id);
      return log[0]?.attempts === 1 ? log : null;
    });
    expect(failed).toMatchObject({
      id: first.headers['webhook-id'],
      eventType: 'member.registered',
      state: 'pending',
      lastStatusCode: 503,
      lastError: 'HTTP 503',
    });

    // The retry comes after the backoff (about 10 s), with the same webhook-id and a valid signature.
    const second = await waitFor(() => received[1], { timeoutMs: 30_000, what: 'the retried delivery' });
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.verified).toEqual(first.verified);
    const delivered = await waitFor(async () => {
      const log = await deliveriesOf(created.body.id);
      return log[0]?.state === 'succeeded' ? log[0] : null;
    });
    expect(delivered).toMatchObject({ attempts: 2, lastStatusCode: 204, lastError: null, deliveredAt: expect.any(String) });

    const again = await t.request('POST', `/api/admin/webhooks/deliveries/${delivered.id}/redeliver`, { token: adminToken });
    expect(again.status).toBe(202);
    const third = await waitFor(() => received[2], { timeoutMs: 20_000, what: 'the redelivery' });
    expect(third.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(third.verified).toEqual(first.verified);

    // A tampered body fails the reference library's check: the receiver's verification is real.
    expect(() =>
      new Webhook(secret).verify(first.body.replace(member.user.id, 'someone-else'), first.headers as Record<string, string>),
    ).toThrow();
    expect(received).toHaveLength(3);
  }, 60_000);
});
