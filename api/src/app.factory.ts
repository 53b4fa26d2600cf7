import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module.js';
import { answerClientError } from './common/http/client-error.js';
import type { ApiConfig } from './config/api-config.js';
import { recordHttpDurations } from './infrastructure/metrics/http-metrics.js';
import { MetricsService } from './infrastructure/metrics/metrics.service.js';
import { QueueDashboardPasses, registerQueueDashboard } from './infrastructure/queues/queue-dashboard.js';
import { SessionService } from './modules/auth/auth.public.js';
import { QueueRegistry } from './infrastructure/queues/queue-registry.js';
import { logRequests } from './infrastructure/web/request-log.js';
import { registerAnswerCompression } from './infrastructure/web/compress-answers.js';
import { registerSecurityHeaders } from './infrastructure/web/security-headers.js';
import { registerSpa } from './infrastructure/web/spa.js';
import { registerWhatsOnPages } from './modules/events/events.public.js';
import { GetWalletSettingsQuery } from './modules/wallet/wallet.public.js';
import { registerVenuePages, venueGroupHead } from './modules/venues/venues.public.js';

export const BODY_LIMIT_BYTES = 1_048_576;

/** Builds the api exactly as production runs it; tests use the same function. */
/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes the function Fastify documents for it
 * (trust the first N addresses counted from the socket), so the client-supplied part of
 * X-Forwarded-For is never believed.
 */
function trustProxyOption(trust: ApiConfig['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function createApp(config: ApiConfig, options: { bufferLogs?: boolean } = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    requestIdHeader: false,
    clientErrorHandler: answerClientError,
    // One id per request, taken from a well-formed incoming X-Request-Id or made here.
    genReqId: (request: IncomingMessage) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: options.bufferLogs ?? true,
    abortOnError: false,
    ...(config.LOG_LEVEL === 'silent' ? { logger: false as const } : {}),
  });
  app.useLogger(app.get(Logger));

  const fastify = app.getHttpAdapter().getInstance();
  // Browsers PUT uploads to, and load media from, the bucket's public address.
  const bucketAddress = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
  registerSecurityHeaders(fastify, { extraConnectSources: bucketAddress ? [new URL(bucketAddress).origin] : [] });
  registerAnswerCompression(fastify);
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  recordHttpDurations(fastify, app.get(MetricsService));
  logRequests(fastify, () => PinoLogger.root);
  const sessions = app.get(SessionService);
  await registerQueueDashboard(fastify, app.get(QueueRegistry), app.get(QueueDashboardPasses), (tokenHash) =>
    sessions.resolveHash(tokenHash),
  );
  const pages = { distDir: config.WEB_DIST_DIR, origin: config.APP_URL, siteName: 'Nocturne', queries: app.get(QueryBus) };
  registerWhatsOnPages(fastify, { ...pages, wallets: () => pages.queries.execute(new GetWalletSettingsQuery()) });
  registerVenuePages(fastify, pages);
  await registerSpa(fastify, config.WEB_DIST_DIR, {
    landingHead: () => venueGroupHead(pages.queries, pages.origin, pages.siteName),
  });
  await app.init();
  return app;
}
