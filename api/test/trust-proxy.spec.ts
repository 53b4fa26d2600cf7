import { randomIp, startTestApp, type TestApp } from '@nocturne/testing';

// TRUST_PROXY=1 (one load balancer in front): the address a limit counts is the one that proxy saw,
// whatever a client writes into X-Forwarded-For itself.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});

const forgot = (forwardedFor: string) =>
  t.request('POST', '/api/auth/forgot-password', {
    body: { email: 'nobody@example.com' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

it('a client cannot walk around a per-address limit by forging X-Forwarded-For', async () => {
  const real = randomIp();
  const statuses: number[] = [];
  // forgot-password allows a handful an hour per address; each try claims to come from somewhere new.
  for (let i = 0; i < 10; i += 1) statuses.push((await forgot(`203.0.113.${i + 1}, ${real}`)).status);
  const firstRefusal = statuses.indexOf(429);
  expect(firstRefusal).toBeGreaterThan(0);
  expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
  // Another real client behind the same proxy is not affected.
  expect((await forgot(`203.0.113.99, ${randomIp()}`)).status).toBe(202);
});
