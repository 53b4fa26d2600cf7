import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Injectable } from '@nestjs/common';
import { MANAGERS } from '@nocturne/contracts';
import { type Role, roleRefusal } from '@nocturne/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RedisClient as Redis } from '@nocturne/queues';
import { createHash, randomBytes } from 'node:crypto';
import { errorBody } from '#common/http/http-exception.filter.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import type { AuthenticatedMember } from '#modules/auth/auth.public.js';
import { InjectRedis } from '../redis/redis.module.js';
import type { QueueRegistry } from './queue-registry.js';

/*
 * Bull Board behind staff sign-in. The app's session is a bearer token the web keeps in
 * localStorage, which a page the browser opens cannot send; so the web first asks the api for a
 * pass (POST openQueueDashboard, signed in), which answers with an HttpOnly, SameSite=Strict cookie
 * for /admin/queues holding a random pass. Redis keeps the pass for an hour, mapped to the SHA-256 of
 * the session's token (never the token): every request to the board resolves that session as the
 * api does (revoked, expired or signed out: refused at once) and reads the account's role now
 * (demoted: refused at once). Admins get the full board, managers a read-only one (Bull Board's
 * readOnlyMode, and no method but GET here), anyone else 403; without a pass, pages go to the
 * staff sign-in and the board's own api answers 401.
 */

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
/** Each role's board: two Bull Board instances, as readOnlyMode is fixed per instance. */
const QUEUE_BOARDS = {
  full: `${QUEUE_DASHBOARD_PATH}/manage`,
  readOnly: `${QUEUE_DASHBOARD_PATH}/view`,
} as const;
const QUEUE_DASHBOARD_COOKIE = 'nocturne_queues';
const QUEUE_DASHBOARD_PASS_SECONDS = 3600;
/** Where a browser without a pass is sent: the staff sign-in, then the dashboard's Overview opens the board. */
const STAFF_SIGN_IN_PATH = '/admin-login';

/** The board a role may open, or null for members and door staff. */
export function boardOf(role: Role): { path: string; readOnly: boolean } | null {
  if (role === 'admin') return { path: `${QUEUE_BOARDS.full}/`, readOnly: false };
  if (role === 'manager') return { path: `${QUEUE_BOARDS.readOnly}/`, readOnly: true };
  return null;
}

/** The Set-Cookie value that hands the pass to the browser for the board's path only. */
export function passCookie(pass: string, secure: boolean): string {
  return [
    `${QUEUE_DASHBOARD_COOKIE}=${pass}`,
    `Path=${QUEUE_DASHBOARD_PATH}`,
    `Max-Age=${QUEUE_DASHBOARD_PASS_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The pass in a Cookie header, if any (well-formed: 43 base64url characters). */
export function passFromCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === QUEUE_DASHBOARD_COOKIE) {
      const pass = value.join('=');
      return /^[\w-]{43}$/.test(pass) ? pass : null;
    }
  }
  return null;
}

/** Passes to the queue dashboard, kept in Redis for an hour: the pass's hash maps to the session's token hash. */
@Injectable()
export class QueueDashboardPasses {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  private key(pass: string): string {
    return `${this.config.REDIS_PREFIX}:queue-dashboard:pass:${createHash('sha256').update(pass).digest('hex')}`;
  }

  async mint(sessionTokenHash: string): Promise<{ pass: string; expiresAt: Date }> {
    const pass = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(pass), sessionTokenHash, 'EX', QUEUE_DASHBOARD_PASS_SECONDS);
    return { pass, expiresAt: new Date(Date.now() + QUEUE_DASHBOARD_PASS_SECONDS * 1000) };
  }

  /** The session token hash a pass stands for; null when unknown or expired (or Redis away). */
  async sessionOf(pass: string): Promise<string | null> {
    return this.redis.get(this.key(pass)).catch(() => null);
  }
}

/** A Bull Board instance over every queue at `basePath`; read-only for managers. */
function board(queues: QueueRegistry, basePath: string, readOnly: boolean): FastifyAdapter {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: queues.all().map((queue) => new BullMQAdapter(queue, { readOnlyMode: readOnly })),
    serverAdapter,
    options: { uiConfig: { boardTitle: readOnly ? 'Nocturne queues (read-only)' : 'Nocturne queues' } },
  });
  return serverAdapter;
}

/**
 * Bull Board's page links Google Fonts (IBM Plex), which the CSP blocks and which would tell Google
 * about every visit: the page is served without any element loading from another host (the board
 * falls back to the system's sans-serif and monospace fonts).
 */
export function withoutOutsideLinks(html: string): string {
  return html.replace(/<link\b[^>]*\bhref="(?:https?:)?\/\/[^"]*"[^>]*>\s*/gi, '');
}

const isPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !request.url.includes('/api/') && !request.url.includes('/static/');

export async function registerQueueDashboard(
  fastify: FastifyInstance,
  queues: QueueRegistry,
  passes: QueueDashboardPasses,
  resolveSession: (tokenHash: string) => Promise<AuthenticatedMember | null>,
): Promise<void> {
  const full = board(queues, QUEUE_BOARDS.full, false);
  const readOnly = board(queues, QUEUE_BOARDS.readOnly, true);
  await fastify.register(async (scope) => {
    const refuse = (reply: FastifyReply, status: 401 | 403, message: string) =>
      reply.status(status).send(errorBody(status, message));
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const pass = passFromCookie(request.headers.cookie);
      const tokenHash = pass ? await passes.sessionOf(pass) : null;
      const member = tokenHash ? await resolveSession(tokenHash) : null;
      if (!member) {
        if (isPage(request)) return reply.redirect(STAFF_SIGN_IN_PATH, 303);
        return refuse(reply, 401, 'Please sign in, then open the queue dashboard from the admin dashboard');
      }
      request.member = member;
      const home = boardOf(member.role);
      if (!home) return refuse(reply, 403, roleRefusal(MANAGERS));
      const path = request.url.split('?')[0]!;
      if (path === QUEUE_DASHBOARD_PATH || path === `${QUEUE_DASHBOARD_PATH}/`) return reply.redirect(home.path, 303);
      if (!path.startsWith(home.path.slice(0, -1))) {
        return isPage(request) ? reply.redirect(home.path, 303) : refuse(reply, 403, 'Managers see the queues read-only');
      }
      if (home.readOnly && request.method !== 'GET' && request.method !== 'HEAD') {
        return refuse(reply, 403, 'Managers see the queues read-only');
      }
    });
    scope.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      return typeof payload === 'string' && type.includes('text/html') ? withoutOutsideLinks(payload) : payload;
    });
    // Both answered by the hook (a redirect to the role's board); the routes make the hook run.
    for (const url of [QUEUE_DASHBOARD_PATH, `${QUEUE_DASHBOARD_PATH}/`])
      scope.get(url, async (_request, reply) => reply.redirect(STAFF_SIGN_IN_PATH, 303));
    await scope.register(full.registerPlugin(), { prefix: QUEUE_BOARDS.full });
    await scope.register(readOnly.registerPlugin(), { prefix: QUEUE_BOARDS.readOnly });
  });
}
