import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { createOrmConfig } from '@nocturne/db';
import { createRedisConnection, defaultJobOptions } from '@nocturne/queues';
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
          connection: createRedisConnection(config, 'worker', 'nocturne-worker'),
          prefix: config.REDIS_PREFIX,
          defaultJobOptions,
        }),
        JobRuntimeModule.forRoot(areas, options.clock ?? systemClock),
        ...areas.map((area) => area.module),
      ],
      // Observability: /metrics on WORKER_METRICS_PORT.
      providers: [MetricsServer],
    };
  }
}
