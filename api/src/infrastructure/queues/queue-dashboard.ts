import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { setRetryAfter, wholeSeconds } from '../../common/http/retry-later.js';
import type { ApiConfig } from '../../config/api-config.js';
import { LIMITS, type RateLimiter } from '../../modules/auth/auth.public.js';
import type { QueueRegistry } from './queue-registry.js';
import { errorBody } from '../../common/http/http-exception.filter.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** Constant-time comparison of two strings of any length. */
function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Whether the Authorization header carries the dashboard's user and password (HTTP basic). */
export function basicAuthMatches(header: string | undefined, user: string, password: string): boolean {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both compared, always, so the answer time does not tell which one was wrong.
  const userOk = same(decoded.slice(0, colon), user);
  const passwordOk = same(decoded.slice(colon + 1), password);
  return userOk && passwordOk;
}

/**
 * Bull Board at /admin/queues with every queue, behind HTTP basic auth. Off (the path answers
 * 404 like any unknown page) unless QUEUE_DASHBOARD_USER and QUEUE_DASHBOARD_PASSWORD are set.
 * Wrong answers are counted per address (10 per 15 minutes); past that the address gets 429 with
 * Retry-After, right password or not, until the window ends.
 */
export async function registerQueueDashboard(
  fastify: FastifyInstance,
  queues: QueueRegistry,
  config: ApiConfig,
  limiter: RateLimiter,
): Promise<boolean> {
  const user = config.QUEUE_DASHBOARD_USER;
  const password = config.QUEUE_DASHBOARD_PASSWORD;
  if (!user || !password) return false;
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues: queues.all().map((queue) => new BullMQAdapter(queue)), serverAdapter });
  await fastify.register(async (scope) => {
    const tooMany = async (reply: FastifyReply, seconds: number) => {
      setRetryAfter(reply, seconds);
      await reply.status(429).send(
        errorBody(429, 'Too many wrong sign-ins to the queue dashboard. Please wait and try again.', {
          retryAfter: wholeSeconds(seconds),
        }),
      );
    };
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const locked = await limiter.lockedFor(LIMITS.queueDashboardFailuresPerIp, request.ip);
      if (locked !== null) return tooMany(reply, locked);
      if (basicAuthMatches(request.headers.authorization, user, password)) return;
      // Only an answer that was wrong counts (a browser's first request carries none).
      if (request.headers.authorization) {
        try {
          await limiter.hit(LIMITS.queueDashboardFailuresPerIp, request.ip);
        } catch (error) {
          return tooMany(reply, (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 60);
        }
      }
      await reply
        .status(401)
        .header('WWW-Authenticate', 'Basic realm="Nocturne queues", charset="UTF-8"')
        .send(errorBody(401, 'Sign in with the queue dashboard user and password'));
    });
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });
  return true;
}
