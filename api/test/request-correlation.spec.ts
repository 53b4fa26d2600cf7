import { correlationIdOf, jobIdFor, QueueName } from '@nocturne/queues';
import {
  ADULT_DATE_OF_BIRTH,
  GOOD_PASSWORD,
  randomIp,
  startTestApp,
  type TestApp,
  uniqueEmail,
  waitFor,
} from '@nocturne/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';

let t: TestApp;
let webhooks: Queue;
let activeCampaign: Queue;

beforeAll(async () => {
  t = await startTestApp();
  webhooks = new Queue(QueueName.Webhooks, { connection: { url: t.config.REDIS_URL }, prefix: t.config.REDIS_PREFIX });
  activeCampaign = new Queue(QueueName.ActiveCampaign, {
    connection: { url: t.config.REDIS_URL },
    prefix: t.config.REDIS_PREFIX,
  });
});
afterAll(async () => {
  await webhooks.close();
  await activeCampaign.close();
  await t.close();
});

const idOf = async (email: string): Promise<string> =>
  (await t.sql.query<{ id: string }>('select id from members where email = $1', [email])).rows[0]!.id;

describe('the request id as correlation id', () => {
  it('goes from the request into its outbox row and from there into each job the row makes', async () => {
    const requestId = `corr-${randomUUID()}`;
    const email = uniqueEmail('corr');
    const answer = await t.request('POST', '/api/auth/register', {
      body: {
        email,
        firstName: 'Morgan',
        lastName: 'Reyes',
        password: GOOD_PASSWORD,
        dateOfBirth: ADULT_DATE_OF_BIRTH,
      },
      headers: { 'x-forwarded-for': randomIp(), 'x-request-id': requestId },
    });
    expect(answer.status).toBe(202);
    const memberId = await idOf(email);
    expect(answer.headers.get('x-request-id')).toBe(requestId);

    const { rows } = await t.sql.query<{ id: string; correlation_id: string | null }>(
      "select id::text as id, correlation_id from outbox where type = 'MemberRegistered' and aggregate_id = $1",
      [memberId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.correlation_id).toBe(requestId);

    const outboxId = rows[0]!.id;
    await waitFor(async () => Boolean(await webhooks.getJob(jobIdFor(outboxId, 'webhooks.fan-out'))), {
      what: 'the row relayed',
    });
    const fanOut = (await webhooks.getJob(jobIdFor(outboxId, 'webhooks.fan-out')))!;
    const sync = (await activeCampaign.getJob(jobIdFor(outboxId, 'activecampaign.sync-contact')))!;
    expect(correlationIdOf(fanOut)).toBe(requestId);
    expect(correlationIdOf(sync)).toBe(requestId);
    // The payload itself is unchanged: the worker's schema reads it as before.
    expect(sync.data).toEqual({ memberId, correlationId: requestId });
  });

  it('uses the id the api made when the request brought none (the one its X-Request-Id answer header names)', async () => {
    const email = uniqueEmail('corr');
    const answer = await t.request('POST', '/api/auth/register', {
      body: {
        email,
        firstName: 'Alex',
        lastName: 'Reyes',
        password: GOOD_PASSWORD,
        dateOfBirth: ADULT_DATE_OF_BIRTH,
      },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(answer.status).toBe(202);
    const memberId = await idOf(email);
    const { rows } = await t.sql.query<{ correlation_id: string | null }>(
      "select correlation_id from outbox where type = 'MemberRegistered' and aggregate_id = $1",
      [memberId],
    );
    expect(rows[0]!.correlation_id).toBe(answer.headers.get('x-request-id'));
    expect(rows[0]!.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
