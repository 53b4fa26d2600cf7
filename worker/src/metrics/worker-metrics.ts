import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * The worker's own Prometheus metrics: what only the worker sees (e-mail sends, ActiveCampaign
 * answers). Queue depths, ages and BullMQ's finished/failed counts are in the api's /metrics,
 * read from Redis. Served on WORKER_METRICS_PORT (metrics-server.ts). One registry per process.
 */
export const workerRegistry = new Registry();
collectDefaultMetrics({ register: workerRegistry });

/** Every SMTP send (or .eml write), by outcome. A failed send is retried by its job. */
export const emailSends = new Counter({
  name: 'email_sends_total',
  help: 'E-mails handed to SMTP (or written as .eml), by result: sent or failed',
  labelNames: ['result'] as const,
  registers: [workerRegistry],
});

type AcRequestResult = 'ok' | 'rate_limited' | 'rejected' | 'error';

/** Every ActiveCampaign API request, by outcome: rate_limited = 429 or "Rate limit exceeded". */
export const activeCampaignRequests = new Counter({
  name: 'activecampaign_requests_total',
  help: 'ActiveCampaign API requests by result: ok, rate_limited (429), rejected (other 4xx), error (5xx, network, timeout)',
  labelNames: ['result'] as const,
  registers: [workerRegistry],
});

for (const result of ['sent', 'failed']) emailSends.inc({ result }, 0);
for (const result of ['ok', 'rate_limited', 'rejected', 'error'] satisfies AcRequestResult[])
  activeCampaignRequests.inc({ result }, 0);
