import { loadConfig, workerEnvSchema } from '@nocturne/config';
import { createRedisConnection, readAcReachability } from '@nocturne/queues';
import { ActiveCampaignStub, testRedisPrefix } from '@nocturne/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AcRateLimitedError, AcRejectedError, AcUnreachableError } from '#activecampaign/activecampaign-errors.js';
import { ActiveCampaignClient } from '#activecampaign/activecampaign.client.js';

let stub: ActiveCampaignStub;
const clients: ActiveCampaignClient[] = [];

function client(overrides: Record<string, string> = {}): ActiveCampaignClient {
  const config = loadConfig(workerEnvSchema, {
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix('ac-client'),
    AC_API_URL: stub.url,
    AC_API_KEY: stub.apiToken,
    ...overrides,
  });
  const made = new ActiveCampaignClient(config);
  clients.push(made);
  return made;
}

const contact = (email: string) => ({ email, firstName: 'Ada', lastName: 'Night', fieldValues: [], subscribed: false });

beforeEach(async () => {
  stub = await ActiveCampaignStub.start();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.onApplicationShutdown()));
  await stub.close();
});

describe('ActiveCampaign client against the stub', () => {
  it('keeps two clients sharing one Redis under 5 requests per second: no 429s', async () => {
    const prefix = testRedisPrefix('shared');
    const a = client({ REDIS_PREFIX: prefix });
    const b = client({ REDIS_PREFIX: prefix });
    const started = Date.now();
    const ids = await Promise.all(
      Array.from({ length: 16 }, (_, n) => (n % 2 ? a : b).syncContact(contact(`fan${n}@example.com`))),
    );
    expect(new Set(ids).size).toBe(16);
    expect(stub.counters.rateLimited).toBe(0);
    // 16 requests at 5 per (1.1 s) window: at least three full windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 1000);
  });

  it("classifies AC's answers: 403 and 422 rejected with AC's reason, 429 with its Retry-After, 503 retryable", async () => {
    await expect(client({ AC_API_KEY: 'wrong' }).syncContact(contact('a@example.com'))).rejects.toEqual(
      new AcRejectedError(403, 'Forbidden'),
    );
    const ac = client();
    await expect(ac.syncContact(contact('not an email'))).rejects.toMatchObject({
      status: 422,
      message: 'Contact Email Address is not valid.',
    });
    stub.failFor(429, 500);
    const limited = await ac.syncContact(contact('b@example.com')).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(AcRateLimitedError);
    expect((limited as AcRateLimitedError).retryAfterMs).toBe(1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    stub.failFor(503, 300);
    const down = await ac.syncContact(contact('c@example.com')).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(Error);
    expect(down).not.toBeInstanceOf(AcRejectedError);
    expect((down as Error).message).toContain('503');
  });

  it('imports in bulk and reads the outcome as AC documents it: false at first, then contact ids of created contacts and e-mails of failures', async () => {
    const ac = client();
    await ac.syncContact(contact('known@example.com'));
    const batchId = await ac.bulkImport([
      contact('x@example.com'),
      contact('known@example.com'),
      contact('invalid.email@invalidDomain'),
    ]);
    expect((await ac.importInfo(batchId)).status).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 900));
    const info = await ac.importInfo(batchId);
    // x is created (an id), known is updated (in neither list), the invalid domain failed (its e-mail).
    expect(info).toEqual({
      status: 'completed',
      success: [expect.stringMatching(/^\d+$/)],
      failure: ['invalid.email@invalidDomain'],
    });
    expect(stub.reached.get('x@example.com')).toBe(1);
  });

  it('never bulk-imports a single contact, nor more than 250', async () => {
    const ac = client();
    await expect(ac.bulkImport([contact('alone@example.com')])).rejects.toBeInstanceOf(RangeError);
    await expect(ac.bulkImport(Array.from({ length: 251 }, (_, n) => contact(`many${n}@example.com`)))).rejects.toBeInstanceOf(
      RangeError,
    );
    expect(stub.counters.requests).toBe(0);
  });

  it('treats a bulk import refused over 100 per minute as a rate limit, not a failure', async () => {
    const small = await ActiveCampaignStub.start({ importsPerMinute: 2 });
    const bound = client({ AC_API_URL: small.url, AC_API_KEY: small.apiToken, AC_IMPORT_LIMIT_PER_MINUTE: '1000' });
    const pair = (name: string) => [contact(`${name}-a@example.com`), contact(`${name}-b@example.com`)];
    try {
      await bound.bulkImport(pair('one'));
      await bound.bulkImport(pair('two'));
      await expect(bound.bulkImport(pair('three'))).rejects.toBeInstanceOf(AcRateLimitedError);
      expect(small.counters.importsRefused).toBe(1);
    } finally {
      await small.close();
    }
  });

  it('records every call: refused key and server errors as unreachable with the reason, any other answer as answered', async () => {
    const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');
    const prefix = testRedisPrefix('ac-reach');
    try {
      const before = new Date().toISOString();
      await client({ REDIS_PREFIX: prefix, AC_API_KEY: 'wrong' })
        .syncContact(contact('a@example.com'))
        .catch(() => undefined);
      const refused = await readAcReachability(redis, prefix);
      expect(refused).toEqual({ lastAnsweredAt: null, failingSince: expect.any(String), reason: 'it refused the API key' });
      expect(refused.failingSince! >= before).toBe(true);

      const ac = client({ REDIS_PREFIX: prefix });
      stub.failFor(503, 300);
      await ac.syncContact(contact('b@example.com')).catch(() => undefined);
      // Still failing: the failure keeps its start, the reason is the latest.
      expect(await readAcReachability(redis, prefix)).toEqual({
        lastAnsweredAt: null,
        failingSince: refused.failingSince,
        reason: 'it answered 503, a server error',
      });

      await new Promise((resolve) => setTimeout(resolve, 400));
      // A refusal of one contact (422) is still an answer: AC is there.
      await ac.syncContact(contact('not an email')).catch(() => undefined);
      const answered = await readAcReachability(redis, prefix);
      expect(answered).toEqual({ lastAnsweredAt: expect.any(String), failingSince: null, reason: null });
    } finally {
      redis.disconnect();
    }
  });

  it('names why AC could not be reached: refused connection, unknown address, no answer in time', async () => {
    const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');
    const prefix = testRedisPrefix('ac-unreach');
    // A server that accepts the connection and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = stub.url;
      await stub.close();
      const refused = await client({ REDIS_PREFIX: prefix, AC_API_URL: url })
        .syncContact(contact('a@example.com'))
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AcUnreachableError);
      expect(refused).toMatchObject({ reason: 'the connection was refused', retryAfterMs: 1000 });
      expect(await readAcReachability(redis, prefix)).toMatchObject({ reason: 'the connection was refused' });

      // RFC 6761: ".invalid" names are never found.
      const unknown = await client({ REDIS_PREFIX: prefix, AC_API_URL: 'http://ac.nocturne.invalid' })
        .syncContact(contact('a@example.com'))
        .catch((error: unknown) => error);
      expect(unknown).toMatchObject({ reason: 'the address could not be found' });

      const slow = client({ REDIS_PREFIX: prefix, AC_API_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` });
      const timedOut = await slow.syncContact(contact('a@example.com')).catch((error: unknown) => error);
      expect(timedOut).toMatchObject({ reason: 'no answer within 15 s' });
      expect(await readAcReachability(redis, prefix)).toMatchObject({ lastAnsweredAt: null, reason: 'no answer within 15 s' });
    } finally {
      silent.closeAllConnections();
      silent.close();
      redis.disconnect();
      stub = await ActiveCampaignStub.start();
    }
  }, 30_000);
});
