import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { testEnv, testRedisPrefix, type TestDatabase, waitFor } from '@nocturne/testing';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startWorker } from '../support/worker-app.js';

const DELIVERIES = 4;
/** How long the receiver holds a request while fewer than DELIVERIES are open at once. */
const HOLD_MS = 1_000;

/**
 * A webhook receiver that answers slowly: each request waits until DELIVERIES are open at once
 * (then all are answered) or HOLD_MS has passed. It keeps the most requests it ever had open.
 */
class SlowReceiver {
  private readonly server: Server;
  private readonly waiting: (() => void)[] = [];
  open = 0;
  mostOpen = 0;
  answered = 0;

  constructor() {
    this.server = createServer((request, response) => {
      request.resume();
      this.open += 1;
      this.mostOpen = Math.max(this.mostOpen, this.open);
      const answer = () => {
        this.open -= 1;
        this.answered += 1;
        response.writeHead(204).end();
      };
      if (this.open >= DELIVERIES) {
        for (const release of this.waiting.splice(0)) release();
        answer();
      } else {
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(release), 1);
          answer();
        }, HOLD_MS);
        const release = () => {
          clearTimeout(timer);
          answer();
        };
        this.waiting.push(release);
      }
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  reset(): void {
    this.mostOpen = 0;
    this.answered = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const receiver = new SlowReceiver();
let receiverUrl: string;
let env: Record<string, string>;
let database: TestDatabase;
let sql: pg.Pool;

beforeAll(async () => {
  receiverUrl = await receiver.listen();
  // The receiver is on loopback, which only WEBHOOKS_ALLOW_PRIVATE lets through.
  ({ env, db: database } = await testEnv({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
  sql = new pg.Pool({ connectionString: env['DATABASE_URL'] });
  // end() resolves before its connections have closed, so the DROP ... WITH (FORCE) below can
  // still terminate one; without a listener that 'error' fails the file.
  sql.on('error', () => undefined);
});
afterAll(async () => {
  await sql?.end();
  await database?.drop();
  await receiver.close();
});

/** Pending deliveries to the slow receiver, one per event: what fan-outs write. */
async function pendingDeliveries(): Promise<string[]> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const endpoint = await sql.query<{ id: string }>(
    "insert into webhook_endpoints (url, events, secret) values ($1, '{member.registered}', $2) returning id",
    [receiverUrl, secret],
  );
  const ids: string[] = [];
  for (let i = 0; i < DELIVERIES; i += 1) {
    const delivery = await sql.query<{ id: string }>(
      `insert into webhook_deliveries (endpoint_id, event_id, event_type, payload)
         values ($1, $2, 'member.registered', '{"type": "member.registered"}') returning id`,
      [endpoint.rows[0]!.id, `event-${randomBytes(6).toString('hex')}`],
    );
    ids.push(delivery.rows[0]!.id);
  }
  return ids;
}

/** Starts the worker with these settings, queues DELIVERIES deliveries at once and answers how many the receiver had open at most. */
async function mostAtOnce(settings: Record<string, string>): Promise<number> {
  const prefix = testRedisPrefix('concurrency');
  const ids = await pendingDeliveries();
  receiver.reset();
  const queue = new Queue(QueueName.Webhooks, { connection: createRedisConnection(env['REDIS_URL']!, 'producer'), prefix });
  let worker: INestApplicationContext | undefined;
  try {
    // Queued before the worker starts, so every job is waiting when it asks for work.
    await queue.addBulk(
      ids.map((deliveryId) => ({ name: 'webhooks.deliver', data: { deliveryId }, opts: { jobId: deliveryId } })),
    );
    // All deliveries go to one endpoint: its own cap (WEBHOOKS_ENDPOINT_CONCURRENCY) is lifted, the queue's is measured.
    worker = await startWorker({ WEBHOOKS_ENDPOINT_CONCURRENCY: '100', ...env, ...settings, REDIS_PREFIX: prefix });
    // Done once every delivery is recorded as succeeded: each was answered 204 by the receiver.
    await waitFor(
      async () => {
        const { rows } = await sql.query<{ n: number }>(
          "select count(*)::int as n from webhook_deliveries where id = any($1) and state = 'succeeded'",
          [ids],
        );
        return rows[0]!.n === DELIVERIES || null;
      },
      { timeoutMs: 20_000, what: 'every delivery succeeded' },
    );
    expect(receiver.answered).toBe(DELIVERIES);
    return receiver.mostOpen;
  } finally {
    await worker?.close();
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

describe('queue concurrency (WORKER_CONCURRENCY and each queue’s own setting)', () => {
  it('runs one job of a queue at a time at a concurrency of 1', async () => {
    expect(await mostAtOnce({ WORKER_CONCURRENCY: '1' })).toBe(1);
  });

  it('runs four jobs of a queue at once at a concurrency of 4', async () => {
    expect(await mostAtOnce({ WORKER_CONCURRENCY: '4' })).toBe(4);
  });

  it('holds a queue to its own setting whatever WORKER_CONCURRENCY says', async () => {
    expect(await mostAtOnce({ WORKER_CONCURRENCY: '4', WORKER_CONCURRENCY_WEBHOOKS: '1' })).toBe(1);
  });
});
