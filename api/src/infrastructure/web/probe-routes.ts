import type { FastifyRequest } from 'fastify';

/**
 * Routes that answer load balancers, the kubelet and Prometheus rather than people: every few
 * seconds per replica, always the same answer. They are not traffic, so they stay out of the
 * request log and out of `http_request_duration_seconds` (a scrape reads Redis and PostgreSQL and
 * would otherwise top "Slowest routes" and feed the latency alert).
 */
const PROBE_ROUTES: ReadonlySet<string> = new Set(['/health/live', '/health/ready', '/metrics']);

/** Whether the request matched one of the probe routes (by route template, so a query string changes nothing). */
export function isProbe(request: FastifyRequest): boolean {
  return PROBE_ROUTES.has(request.routeOptions.url ?? '');
}
