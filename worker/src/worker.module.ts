import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { createOrmConfig } from '@nocturne/db';
import { ALL_QUEUES, createRedisConnection, defaultJobOptions } from '@nocturne/queues';
import { LoggerModule } from 'nestjs-pino';
import { type WorkerConfig, WorkerConfigModule } from './config/worker-config.js';
import { JobHandlerRegistry } from './jobs/job-handler-registry.js';
import { PruneSessionsJob } from './jobs/prune-sessions.job.js';
import { SendPasswordResetJob } from './jobs/send-password-reset.job.js';
import { Mailer } from './mail/mailer.js';
import { EmailProcessor, MaintenanceProcessor } from './processors/queue-processors.js';
import { Schedules } from './processors/schedules.js';

@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        WorkerConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: { level: config.LOG_LEVEL } }),
        DiscoveryModule,
        MikroOrmModule.forRoot({
          ...createOrmConfig({ databaseUrl: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }),
          driver: PostgreSqlDriver,
          registerRequestContext: false,
        }),
        BullModule.forRoot({
          // Workers block on Redis and retry forever (maxRetriesPerRequest: null), per BullMQ's guide.
          connection: createRedisConnection(config.REDIS_URL, 'worker', 'nocturne-worker'),
          prefix: config.REDIS_PREFIX,
          defaultJobOptions,
        }),
        BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
      ],
      providers: [JobHandlerRegistry, Mailer, EmailProcessor, MaintenanceProcessor, Schedules, SendPasswordResetJob, PruneSessionsJob],
    };
  }
}
