import { workerEnvSchema } from '@nocturne/config';
import { QueueName } from '@nocturne/queues';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { MetricsServer } from '../../../worker/src/metrics/metrics-server.js';
import { workerRegistry } from '../../../worker/src/metrics/worker-metrics.js';
import { QueueRegistry } from '#infrastructure/queues/queue-registry.js';
import { startTestApp, type TestApp } from '@nocturne/testing';

// Every metric the alert rules and the Grafana dashboard in deploy/observability name must be
// exported: by the api at /metrics, or by the worker's registry at its WORKER_METRICS_PORT.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rules = parse(readFileSync(path.join(root, 'deploy/observability/prometheus/nocturne-alerts.yml'), 'utf8')) as {
  groups: { name: string; rules: { alert: string; expr: string }[] }[];
};
const dashboard = JSON.parse(readFileSync(path.join(root, 'deploy/observability/grafana/nocturne-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'le',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (label matchers, groupings, functions and durations stripped). */
function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const rest = stripped.slice(match.index + match[0].length);
    if (/^\s*\(/.test(rest) || PROMQL_WORDS.has(match[0].toLowerCase())) continue;
    if (/^\d/.test(stripped.slice(match.index - 1, match.index))) continue; // 5m, 1e-9
    names.add(match[0]);
  }
  return [...names];
}

/** Names of the series in a Prometheus text exposition (histograms add _bucket, _sum, _count). */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\w+)/.exec(line);
    if (type) {
      names.add(type[1]!);
      if (type[2] === 'histogram' || type[2] === 'summary')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(type[1]! + suffix);
    } else if (line && !line.startsWith('#')) names.add(line.split(/[{ ]/)[0]!);
  }
  return names;
}

const referenced = [
  ...rules.groups.flatMap((group) =>
    group.rules.map((rule) => ({ where: `alert ${rule.alert}`, names: metricNames(rule.expr) })),
  ),
  ...dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ where: `panel ${panel.title}`, names: metricNames(target.expr) })),
  ),
];

let t: TestApp;
let worker: MetricsServer;

beforeAll(async () => {
  t = await startTestApp();
  worker = new MetricsServer(workerEnvSchema.parse({ WORKER_METRICS_PORT: '0', WORKER_METRICS_HOST: '127.0.0.1' }));
  await worker.onApplicationBootstrap();
});
afterAll(async () => {
  await worker?.onApplicationShutdown();
  await t?.close();
});

describe('deploy/observability', () => {
  it('reads metric names out of PromQL', () => {
    expect(
      metricNames('sum by (queue) (rate(foo_total{result=~"a|b"}[5m])) / clamp_min(sum(rate(bar_count[5m])), 1e-9) > 0.02'),
    ).toEqual(['foo_total', 'bar_count']);
    expect(referenced.length).toBeGreaterThan(10);
    for (const { where, names } of referenced) expect({ where, names: names.length > 0 }).toEqual({ where, names: true });
  });

  it('alerts on queue backlog and age, failed jobs, outbox lag, 5xx, ActiveCampaign errors and 429s, e-mail failures', () => {
    const byMetric = (name: string) =>
      rules.groups.flatMap((g) => g.rules).filter((rule) => metricNames(rule.expr).includes(name));
    expect(byMetric('queue_jobs').length).toBeGreaterThan(0);
    expect(byMetric('queue_oldest_waiting_job_age_seconds').length).toBeGreaterThan(0);
    expect(byMetric('queue_jobs_finished').some((rule) => rule.expr.includes('result="failed"'))).toBe(true);
    expect(byMetric('outbox_oldest_pending_age_seconds').length).toBeGreaterThan(0);
    expect(byMetric('http_request_duration_seconds_count').some((rule) => rule.expr.includes('5..'))).toBe(true);
    expect(byMetric('activecampaign_requests_total').some((rule) => rule.expr.includes('error'))).toBe(true);
    expect(byMetric('activecampaign_requests_total').some((rule) => rule.expr.includes('result="rate_limited"'))).toBe(true);
    expect(byMetric('email_sends_total').some((rule) => rule.expr.includes('result="failed"'))).toBe(true);
  });

  it('every metric the rules and the dashboard name is exported by the api or the worker', async () => {
    await t.request('GET', '/api/news'); // at least one HTTP series
    const api = await t.request('GET', '/metrics');
    expect(api.status).toBe(200);
    const apiNames = exposedNames(String(api.body));
    const workerAnswer = await fetch(`http://127.0.0.1:${worker.port}/metrics`);
    expect(workerAnswer.status).toBe(200);
    const workerNames = exposedNames(await workerAnswer.text());
    for (const metric of (await workerRegistry.getMetricsAsJSON()).map((m) => m.name)) expect(workerNames).toContain(metric);
    const missing = referenced.flatMap(({ where, names }) =>
      names.filter((name) => !apiNames.has(name) && !workerNames.has(name)).map((name) => `${where}: ${name}`),
    );
    expect(missing).toEqual([]);
    // The worker-only figures really come from the worker, the backlog figures from the api.
    for (const name of ['email_sends_total', 'activecampaign_requests_total']) expect(workerNames.has(name)).toBe(true);
    for (const name of ['outbox_pending_events', 'outbox_oldest_pending_age_seconds', 'queue_oldest_waiting_job_age_seconds'])
      expect(apiNames.has(name)).toBe(true);
  });

  it('gives every alert a severity, a summary and a valid duration, and the dashboard unique panels on a Prometheus data source', () => {
    const alerts = rules.groups.flatMap((group) => group.rules as ((typeof group.rules)[number] & Record<string, any>)[]);
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
    for (const rule of alerts) {
      expect({ alert: rule.alert, severity: rule['labels']?.severity }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(critical|warning|info)$/),
      });
      expect(typeof rule['annotations']?.summary).toBe('string');
      expect(String(rule['for'])).toMatch(/^\d+[smh]$/);
      expect(rule.expr.split('(').length).toBe(rule.expr.split(')').length);
    }
    const ids = dashboard.panels.map((panel) => (panel as unknown as { id: number }).id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels as unknown as { datasource: { uid: string }; targets: { refId: string }[] }[]) {
      expect(panel.datasource.uid).toBe('${datasource}');
      expect(panel.targets.every((target) => target.refId)).toBe(true);
    }
  });

  it('serves the worker liveness probe next to its metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${worker.port}/health/live`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${worker.port}/nothing`)).status).toBe(404);
  });

  it('reports the age of the oldest waiting job, not the newest', async () => {
    const queue = t.app.get(QueueRegistry).get(QueueName.Maintenance);
    await queue.add('observability-probe', {}, { jobId: 'probe-old' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await queue.add('observability-probe', {}, { jobId: 'probe-new' });
    const text = String((await t.request('GET', '/metrics')).body);
    const age = Number(/^queue_oldest_waiting_job_age_seconds\{queue="maintenance"\} (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(1.4);
    expect(age).toBeLessThan(30);
    expect(text).toMatch(/^outbox_pending_events \d+$/m);
  });
});
