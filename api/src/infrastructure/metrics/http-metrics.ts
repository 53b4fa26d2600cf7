import type { FastifyInstance } from 'fastify';
import { isProbe } from '../web/probe-routes.js';
import type { MetricsService } from './metrics.service.js';

/**
 * Observes every answer Fastify sends (api routes, the SPA, the queue dashboard, 404s) in
 * `http_request_duration_seconds` by route template and status, except health checks and scrapes.
 */
export function recordHttpDurations(fastify: FastifyInstance, metrics: MetricsService): void {
  fastify.addHook('onResponse', async (request, reply) => {
    if (isProbe(request)) return;
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route: route === '/*' ? 'spa' : route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
