import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isProbe } from './probe-routes.js';

/**
 * One JSON line per answered request, for every route Fastify serves: the api, the SPA's pages and
 * files, the queue dashboard (its sign-ins included) and 404s. Health checks and scrapes are left
 * out (isProbe). The line keeps pino-http's shape (`req`, `res`, `responseTime`, "request
 * completed"; "request errored" at `error` for a 5xx). `remoteAddress` is the client as
 * TRUST_PROXY resolves it, and nothing from the headers (tokens, cookies) is logged.
 *
 * Written here rather than by nestjs-pino's middleware, which only sees Nest's own routes and
 * ran twice for the routes outside the `/api` prefix.
 */
export function logRequests(fastify: FastifyInstance, rootLogger: () => Logger): void {
  // The root logger is pino-http's, whose req/res serializers expect Node's request and response
  // objects: the line below is already what it should say.
  const asIs = (value: unknown) => value;
  let requestLogger: Logger | undefined;
  const logger = () => (requestLogger ??= rootLogger().child({}, { serializers: { req: asIs, res: asIs } }));
  fastify.addHook('onResponse', async (request, reply) => {
    if (isProbe(request)) return;
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    // Below LOG_LEVEL (warn in benchmarks) the line is not even built.
    if (!logger().isLevelEnabled(level)) return;
    const line = {
      req: {
        id: request.id,
        method: request.method,
        url: request.url,
        route: request.routeOptions.url ?? null,
        remoteAddress: request.ip,
      },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime),
    };
    logger()[level](line, level === 'error' ? 'request errored' : 'request completed');
  });
}
