import type { INestApplicationContext } from '@nestjs/common';
import { registerAdmin, registerMember, startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWorker } from '../support/worker-app.js';

// Security review L10: one slow webhook receiver delayed every delivery (the queue's slots all
// held by it, up to 10 s each). A slow stand-in and a fast one both take every member.registered.
const EVENTS = 8;
const SLOW_MS = 6_000;

interface Receiver {
  server: Server;
  url: string;
  received: number;
  open: number;
  mostOpen: number;
}

async function receiver(delayMs: number): Promise<Receiver> {
  const state = { received: 0, open: 0, mostOpen: 0 } as Receiver;
  state.server = createServer((request, response) => {
    request.resume();
    state.open += 1;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    setTimeout(() => {
      state.open -= 1;
      state.received += 1;
      response.writeHead(204).end();
    }, delayMs);
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/hooks`;
  return state;
}

let slow: Receiver;
let fast: Receiver;
let t: TestApp;
let worker: INestApplicationContext;

beforeAll(async () => {
  slow = await receiver(SLOW_MS);
  fast = await receiver(0);
  // The receivers are on loopback, which only WEBHOOKS_ALLOW_PRIVATE lets through.
  const base = await testEnv({ WEBHOOKS_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '4' });
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  for (const r of [slow, fast]) {
    r?.server.closeAllConnections();
    await new Promise((resolve) => r?.server.close(resolve));
  }
});

it('delivers to a fast receiver at once while a slow one takes its time, and the slow one holds at most two slots', async () => {
  const admin = await registerAdmin(t);
  for (const r of [slow, fast]) {
    const created = await t.request('POST', '/api/admin/webhooks', {
      token: admin.sessionId,
      body: { url: r.url, events: ['member.registered'] },
    });
    expect(created.status).toBe(201);
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: EVENTS }, () => registerMember(t)));
  await waitFor(() => fast.received === EVENTS, { timeoutMs: 30_000, intervalMs: 50, what: 'every fast delivery' });
  const fastMs = Date.now() - started;
  process.stdout.write(
    `slow-receiver: fast receiver had all ${EVENTS} deliveries after ${fastMs} ms (slow answers take ${SLOW_MS} ms)\n`,
  );
  // Well before the slow receiver has answered even once.
  expect(fastMs).toBeLessThan(SLOW_MS);
  expect(slow.mostOpen).toBeLessThanOrEqual(2);
  // The slow receiver gets every delivery too, two at a time.
  await waitFor(() => slow.received === EVENTS, { timeoutMs: 60_000, what: 'every slow delivery' });
}, 90_000);
