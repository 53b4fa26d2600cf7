import type { INestApplicationContext } from '@nestjs/common';
import { freeLoopbackPort, randomIp, startTestApp, type TestApp, waitFor } from '@nocturne/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { MetricsServer } from '../../../worker/src/metrics/metrics-server.js';
import { startWorker } from '../../../worker/test/support/worker-app.js';
import { describeWithBinary } from '../support/prometheus-binaries.js';

// A real Prometheus (Debian's binary, on loopback, in a temporary folder, scraping every second)
// runs the shipped scrape job of deploy/observability/prometheus/prometheus.yml and the shipped
// alert rules against a running api and worker, both behind METRICS_TOKEN. After some traffic,
// every query of the Grafana dashboard answers at least one series (zeros included: no 5xx
// happens here), every rule evaluates cleanly, and no health check or scrape counts as traffic.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const observability = path.join(root, 'deploy/observability');
const METRICS_TOKEN = 'prometheus-scrapes-with-this-2026';

interface ScrapeJob {
  job_name: string;
  metrics_path: string;
  authorization: { type: string; credentials_file: string };
  kubernetes_sd_configs?: unknown;
  relabel_configs: { source_labels?: string[]; regex?: string; action?: string; target_label?: string }[];
}
const shipped = parse(readFileSync(path.join(observability, 'prometheus/prometheus.yml'), 'utf8')) as {
  rule_files: string[];
  scrape_configs: ScrapeJob[];
};
const dashboard = JSON.parse(readFileSync(path.join(observability, 'grafana/nocturne-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const shippedAlerts = (
  parse(readFileSync(path.join(observability, 'prometheus/nocturne-alerts.yml'), 'utf8')) as {
    groups: { rules: { alert: string }[] }[];
  }
).groups.flatMap((group) => group.rules.map((rule) => rule.alert));
const queries = dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })));

/** What Kubernetes service discovery would say about a pod's port: the labels the job's relabelling reads. */
const pod = (name: string, component: string, portName: string, address: string) => ({
  targets: [address],
  labels: {
    __meta_kubernetes_pod_label_app_kubernetes_io_name: name,
    __meta_kubernetes_pod_label_app_kubernetes_io_component: component,
    __meta_kubernetes_pod_container_port_name: portName,
    __meta_kubernetes_pod_name: `${name}-0`,
  },
});

interface Series {
  metric: Record<string, string>;
  value: [number, string];
}

describeWithBinary('prometheus', 'a real Prometheus on the shipped scrape job and rules', (prometheus) => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let server: ChildProcess;
  let serverLog = '';
  let dir: string;
  let promUrl: string;

  const api = async <T>(pathname: string): Promise<T> => {
    const answer = await fetch(`${promUrl}${pathname}`);
    const body = (await answer.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`${pathname}: ${body.error}`);
    return body.data;
  };
  const query = (expr: string) => api<{ result: Series[] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-prometheus-'));
    t = await startTestApp({ METRICS_TOKEN });
    worker = await startWorker({
      NODE_ENV: 'test',
      DATABASE_URL: t.db.url,
      REDIS_URL: t.config.REDIS_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      MAIL_DIR: path.join(dir, 'mail'),
      WORKER_METRICS_PORT: '0',
      WORKER_METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN,
    });
    const workerPort = worker.get(MetricsServer).port!;
    const apiAddress = new URL(t.baseUrl).host;
    const promPort = await freeLoopbackPort();
    promUrl = `http://127.0.0.1:${promPort}`;

    const [job] = shipped.scrape_configs;
    writeFileSync(path.join(dir, 'metrics-token'), METRICS_TOKEN);
    const { kubernetes_sd_configs: _discovery, ...scrape } = job!;
    const config = {
      global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
      rule_files: shipped.rule_files.map((file) => path.join(observability, 'prometheus', file)),
      scrape_configs: [
        {
          ...scrape,
          authorization: { ...scrape.authorization, credentials_file: path.join(dir, 'metrics-token') },
          // The pods as discovery would list them, plus ports the job must leave alone.
          static_configs: [
            pod('nocturne-api', 'api', 'http', apiAddress),
            pod('nocturne-worker', 'worker', 'metrics', `127.0.0.1:${workerPort}`),
            pod('nocturne-api', 'api', 'metrics', `127.0.0.1:${await freeLoopbackPort()}`),
            pod('nocturne-migrate', 'migrate', 'http', `127.0.0.1:${await freeLoopbackPort()}`),
          ],
        },
      ],
    };
    writeFileSync(path.join(dir, 'prometheus.yml'), stringify(config));
    server = spawn(
      prometheus,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (serverLog += chunk));
    await waitFor(async () => (await fetch(`${promUrl}/-/ready`).catch(() => undefined))?.ok, {
      what: `Prometheus to be ready (${serverLog})`,
      timeoutMs: 20_000,
    });
  });

  afterAll(async () => {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    await worker?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes the api and the worker with the token, and nothing else the pods expose', async () => {
    type Targets = {
      activeTargets: { labels: Record<string, string>; health: string; lastError: string }[];
      droppedTargets: unknown[];
    };
    // Discovery hands targets to the scrape loop about 5 s after start; then one scrape each.
    const targets = await waitFor(
      async () => {
        const found = await api<Targets>('/api/v1/targets');
        return found.activeTargets.length === 2 && found.activeTargets.every((target) => target.health !== 'unknown')
          ? found
          : undefined;
      },
      { what: 'both targets to be scraped', timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(
      targets.activeTargets
        .map(({ labels, health, lastError }) => ({ component: labels['component'], pod: labels['pod'], health, lastError }))
        .sort((a, b) => a.component!.localeCompare(b.component!)),
    ).toEqual([
      { component: 'api', pod: 'nocturne-api-0', health: 'up', lastError: '' },
      { component: 'worker', pod: 'nocturne-worker-0', health: 'up', lastError: '' },
    ]);
    expect(targets.droppedTargets).toHaveLength(2);
  });

  it('answers every dashboard query with at least one series once there is traffic, 5xx share 0 when nothing failed', async () => {
    // Members and visitors: pages, polls, a 404, a contact message the worker e-mails. Health
    // checks and scrapes at the same time, which are not traffic.
    for (let round = 0; round < 3; round += 1) {
      await t.request('GET', '/api/venue');
      await t.request('GET', '/api/news');
      await t.request('GET', '/api/no-such-route');
      await t.request('GET', '/health/ready');
      await t.request('GET', '/health/live');
    }
    const contact = await t.request('POST', '/api/contact', {
      headers: { 'x-forwarded-for': randomIp() },
      body: { name: 'Sam Lee', email: 'sam@example.com', message: 'Is there parking nearby?' },
    });
    expect(contact.status).toBe(202);
    const sent = await waitFor(
      async () => (await query('sum(email_sends_total{result="sent"})')).result.find((series) => Number(series.value[1]) >= 1),
      { what: 'the worker to send the e-mail and Prometheus to see it', timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(Number(sent.value[1])).toBe(1);

    // rate() and deriv() need two samples of a series: give each query a few scrapes to answer.
    const ask = () => Promise.all(queries.map(async (q) => ({ ...q, series: (await query(q.expr)).result })));
    let answered = await ask();
    for (const deadline = Date.now() + 20_000; answered.some((a) => a.series.length === 0) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answered = await ask();
    }
    expect(answered.filter((answer) => answer.series.length === 0).map(({ panel, expr }) => ({ panel, expr }))).toEqual([]);
    expect(answered.length).toBe(queries.length);

    const share = answered.find((answer) => answer.panel === '5xx share')!;
    expect(share.series.map((series) => Number(series.value[1]))).toEqual([0]);
  });

  it('counts no health check or scrape as api traffic, in the latency metric or in "Slowest routes"', async () => {
    const routes = (await query('count by (route) (http_request_duration_seconds_count)')).result.map(
      (series) => series.metric['route'],
    );
    expect(routes).toEqual(expect.arrayContaining(['/api/venue', '/api/news', '/api/contact']));
    expect(routes.filter((route) => /^\/(health|metrics)/.test(route!))).toEqual([]);
    // Scraped every second for the whole test: Prometheus saw /metrics answer, yet it is no route here.
    const scrapes = await query('sum(scrape_samples_scraped{component="api"})');
    expect(Number(scrapes.result[0]!.value[1])).toBeGreaterThan(0);
    const slowest = (await query(queries.find((q) => q.panel === 'Slowest routes (p99)')!.expr)).result;
    expect(slowest.map((series) => series.metric['route']).filter((route) => /^\/(health|metrics)/.test(route!))).toEqual([]);
  });

  it('evaluates every shipped alert rule without error, and none fires on a healthy stack', async () => {
    type Rules = {
      groups: { rules: { name: string; type: string; health: string; lastError?: string; state?: string }[] }[];
    };
    const alerts = await waitFor(
      async () => {
        const rules = (await api<Rules>('/api/v1/rules')).groups.flatMap((group) => group.rules);
        return rules.length > 0 && rules.every((rule) => rule.health !== 'unknown') ? rules : undefined;
      },
      { what: 'every rule to be evaluated', timeoutMs: 10_000, intervalMs: 250 },
    );
    expect(alerts.map(({ name, health, lastError, state }) => ({ name, health, lastError: lastError ?? '', state }))).toEqual(
      alerts.map(({ name }) => ({ name, health: 'ok', lastError: '', state: 'inactive' })),
    );
    expect(alerts.map((rule) => rule.name).sort()).toEqual(shippedAlerts.sort());
  });
});
