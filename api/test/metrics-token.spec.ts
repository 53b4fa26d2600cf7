import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '@nocturne/testing';
import { MetricsService } from '../src/infrastructure/metrics/metrics.service.js';

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

  it('renders once for scrapes that arrive together, and afresh for the next', async () => {
    const registry = t.app.get(MetricsService).registry;
    const rendered = jest.spyOn(registry, 'metrics');
    try {
      const scrape = () => t.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const together = await Promise.all(Array.from({ length: 10 }, scrape));
      expect(together.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(together.every((answer) => String(answer.body).includes('http_request_duration_seconds'))).toBe(true);
      expect(rendered.mock.calls.length).toBeLessThan(10);
      const before = rendered.mock.calls.length;
      expect((await scrape()).status).toBe(200);
      expect(rendered.mock.calls.length).toBe(before + 1);
    } finally {
      rendered.mockRestore();
    }
  });

  it('leaves the health checks open', async () => {
    expect((await t.request('GET', '/health/live')).status).toBe(200);
  });
});
