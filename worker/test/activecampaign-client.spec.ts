import { loadConfig, workerEnvSchema } from '@nocturne/config';
import { ActiveCampaignStub, testRedisPrefix } from '@nocturne/testing';
import { AcRateLimitedError, AcRejectedError } from '../src/activecampaign/activecampaign-errors.js';
import { ActiveCampaignClient } from '../src/activecampaign/activecampaign.client.js';

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

const contact = (email: string) => ({ email, firstName: 'Ada', lastName: 'Night', fieldValues: [] });

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
    const ids = await Promise.all(Array.from({ length: 16 }, (_, n) => (n % 2 ? a : b).syncContact(contact(`fan${n}@example.com`))));
    expect(new Set(ids).size).toBe(16);
    expect(stub.counters.rateLimited).toBe(0);
    // 16 requests at 5 per (1.1 s) window: at least three full windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 1000);
  });

  it('classifies AC\'s answers: 403 and 422 rejected with AC\'s reason, 429 with its Retry-After, 503 retryable', async () => {
    await expect(client({ AC_API_KEY: 'wrong' }).syncContact(contact('a@example.com'))).rejects.toEqual(new AcRejectedError(403, 'Forbidden'));
    const ac = client();
    await expect(ac.syncContact(contact('not an email'))).rejects.toMatchObject({ status: 422, message: 'Contact Email Address is not valid.' });
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

  it('imports in bulk with snake_case fields and reads the outcome', async () => {
    const ac = client();
    const batchId = await ac.bulkImport([contact('x@example.com'), contact('broken')]);
    expect(await ac.importInfo(batchId)).toEqual({ status: 'completed', success: ['x@example.com'], failure: ['broken'] });
    expect(stub.reached.get('x@example.com')).toBe(1);
  });

  it('treats a bulk import refused over 100 per minute as a rate limit, not a failure', async () => {
    const small = await ActiveCampaignStub.start({ importsPerMinute: 2 });
    const bound = client({ AC_API_URL: small.url, AC_API_KEY: small.apiToken, AC_IMPORT_LIMIT_PER_MINUTE: '1000' });
    try {
      await bound.bulkImport([contact('one@example.com')]);
      await bound.bulkImport([contact('two@example.com')]);
      await expect(bound.bulkImport([contact('three@example.com')])).rejects.toBeInstanceOf(AcRateLimitedError);
      expect(small.counters.importsRefused).toBe(1);
    } finally {
      await small.close();
    }
  });
});
