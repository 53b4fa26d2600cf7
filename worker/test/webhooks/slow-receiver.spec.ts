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
  /** For each delivery, how long after its event's timestamp it arrived. */
  lagsMs: number[];
}

async function receiver(delayMs: number): Promise<Receiver> {
  const state = { received: 0, open: 0, mostOpen: 0, lagsMs: [] } as unknown as Receiver;
  state.server = createServer((request, response) => {
    const arrived = Date.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { timestamp } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      state.lagsMs.push(arrived - Date.parse(timestamp));
    });
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
  // Each fast delivery is timed from its own event, not from the first sign-up: eight sign-ups
  // hash eight passwords, which on a loaded CI machine took longer than a slow answer. A fast
  // delivery queued behind slots the slow receiver holds waits for a slow answer (SLOW_MS).
  await Promise.all(Array.from({ length: EVENTS }, () => registerMember(t)));
  await waitFor(() => fast.received === EVENTS, { timeoutMs: 30_000, intervalMs: 50, what: 'every fast delivery' });
  const slowestMs = Math.max(...fast.lagsMs);
  process.stdout.write(
    `slow-receiver: the fast receiver's deliveries arrived ${fast.lagsMs.join(', ')} ms after their events (slow answers take ${SLOW_MS} ms)\n`,
  );
  expect(slowestMs).toBeLessThan(SLOW_MS / 2);
  expect(slow.mostOpen).toBeLessThanOrEqual(2);
  // The slow receiver gets every delivery too, two at a time.
  await waitFor(() => slow.received === EVENTS, { timeoutMs: 60_000, what: 'every slow delivery' });
}, 90_000);
