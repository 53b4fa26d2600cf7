import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createOrmConfig } from '@nocturne/db';
import { createRedisConnection, defaultJobOptions, type RedisClient } from '@nocturne/queues';
import { LoggerModule } from 'nestjs-pino';
import { activeCampaignArea } from './activecampaign/activecampaign.module.js';
import { birthdaysArea } from './birthdays/birthdays.module.js';
import type { ImportPolling } from './activecampaign/import-polling.js';
import { type WorkerConfig, WorkerConfigModule } from './config/worker-config.js';
import { mailArea } from './mail/mail.module.js';
import { maintenanceArea } from './maintenance/maintenance.module.js';
import { MetricsServer } from './metrics/metrics-server.js';
import { pointsArea } from './points/points.module.js';
import { type Clock, systemClock } from './runtime/clock.js';
import { JobRuntimeModule } from './runtime/job-runtime.module.js';
import type { WorkerArea } from './runtime/worker-area.js';
import type { ResolveAll } from './webhooks/webhook-agent.js';
import { tiersArea } from './tiers/tiers.module.js';
import { walletArea } from './wallet/wallet.module.js';
import { webhooksArea } from './webhooks/webhooks.module.js';

/**
 * BullMQ's queues and workers share the connection BullModule.forRoot hands them, and BullMQ never
 * closes a connection it was handed (it calls it shared, and only drops its own listeners). Closed
 * here once the app is shutting down: every queue's worker stopped in onModuleDestroy, the phase
 * before, having finished its running jobs; a queue's own close sends nothing. Left open, the
 * connection outlived the app: with a Redis Cluster it went on refreshing slots, with nobody
 * listening for its errors, after the nodes were gone.
 */
class QueueConnectionCloser implements OnApplicationShutdown {
  constructor(private readonly connection: RedisClient) {}

  onApplicationShutdown(): void {
    this.connection.disconnect();
  }
}

/**
 * The worker: its areas, each a Nest module with its jobs, the processor of the queue it owns and
 * its data access, on the job runtime (queues, registry, dispatcher, schedules) they share.
 */
@Module({})
export class WorkerModule {
  /**
   * `importPolling` lets tests wait seconds where AC's imports take minutes; `clock` lets them pick
   * the night; `webhookResolver` lets them answer the DNS lookups of webhook deliveries.
   */
  static forRoot(
    config: WorkerConfig,
    options: { importPolling?: ImportPolling; clock?: Clock; webhookResolver?: ResolveAll } = {},
  ): DynamicModule {
    const areas: WorkerArea[] = [
      mailArea,
      activeCampaignArea(options.importPolling),
      webhooksArea(options.webhookResolver),
      maintenanceArea,
      pointsArea,
      birthdaysArea,
      tiersArea,
      walletArea,
    ];
    const queueConnection = createRedisConnection(config, 'worker', 'nocturne-worker');
    return {
      module: WorkerModule,
      imports: [
        WorkerConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: { level: config.LOG_LEVEL } }),
        MikroOrmModule.forRoot({
          ...createOrmConfig({ databaseUrl: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }),
          driver: PostgreSqlDriver,
          registerRequestContext: false,
        }),
        BullModule.forRoot({
          // Workers block on Redis and retry forever (maxRetriesPerRequest: null), per BullMQ's guide.
          connection: queueConnection,
          prefix: config.REDIS_PREFIX,
          defaultJobOptions,
        }),
        JobRuntimeModule.forRoot(areas, options.clock ?? systemClock),
        ...areas.map((area) => area.module),
      ],
      // Observability: /metrics on WORKER_METRICS_PORT.
      providers: [MetricsServer, { provide: QueueConnectionCloser, useValue: new QueueConnectionCloser(queueConnection) }],
    };
  }
}
