import { startTestApp, type TestApp } from '@nocturne/testing';

const METRICS_TOKEN = 'scrape-me-only-with-this-token-2026';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN });
});
afterAll(async () => {
  await t.close();
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-metrics-token-at-all'],
    ['the token without Bearer', METRICS_TOKEN],
    ['a prefix of the token', `Bearer ${METRICS_TOKEN.slice(0, -1)}`],
  ])('answers 401 for %s, with no metric in the body', async (_, authorization) => {
    const answer = await t.request('GET', '/metrics', { headers: authorization ? { authorization } : {} });
    expect(answer.status).toBe(401);
    expect(JSON.stringify(answer.body)).not.toContain('http_request_duration_seconds');
  });

  it('answers the metrics with the bearer token', async () => {
    const answer = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('http_request_duration_seconds');
  });

  it('leaves the health checks open', async () => {
    expect((await t.request('GET', '/health/live')).status).toBe(200);
  });
});
