import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { createOrmConfig } from '@nocturne/db';
import { Ledger, tierThresholdsFrom } from '@nocturne/ledger';
import { ALL_QUEUES, createRedisConnection, defaultJobOptions } from '@nocturne/queues';
import { LoggerModule } from 'nestjs-pino';
import { type WorkerConfig, WorkerConfigModule } from './config/worker-config.js';
import { ActiveCampaignClient } from './activecampaign/activecampaign.client.js';
import { ActiveCampaignRepository } from './activecampaign/activecampaign.repository.js';
import { flowProducerProvider } from './activecampaign/flow-producer.provider.js';
import { BulkSyncFinishJob } from './jobs/bulk-sync-finish.job.js';
import { BulkSyncJob } from './jobs/bulk-sync.job.js';
import { DeliverWebhookJob } from './jobs/deliver-webhook.job.js';
import { ExpirePointsJob } from './jobs/expire-points.job.js';
import { FanOutWebhookJob } from './jobs/fan-out-webhook.job.js';
import { ImportBatchJob } from './jobs/import-batch.job.js';
import { DEFAULT_IMPORT_POLLING, IMPORT_POLLING, type ImportPolling } from './jobs/import-polling.js';
import { JobHandlerRegistry } from './jobs/job-handler-registry.js';
import { PruneSessionsJob } from './jobs/prune-sessions.job.js';
import { PurgeStaleUploadsJob } from './jobs/purge-stale-uploads.job.js';
import { SendBookingAcknowledgementJob, SendBookingRequestJob, SendBookingStatusJob } from './jobs/send-booking-mails.job.js';
import { SendContactMessageJob } from './jobs/send-contact-message.job.js';
import { SendPasswordResetJob } from './jobs/send-password-reset.job.js';
import { SendPointsExpiryWarningJob } from './jobs/send-points-expiry-warning.job.js';
import { SyncContactJob } from './jobs/sync-contact.job.js';
import { DeleteContactJob } from './jobs/delete-contact.job.js';
import { CLOCK, type Clock, systemClock } from './ledger/clock.js';
import { PointsExpiryRepository } from './ledger/points-expiry.repository.js';
import { EmailDeliveryService } from './mail/email-delivery.service.js';
import { MailRepository } from './mail/mail.repository.js';
import { Mailer } from './mail/mailer.js';
import { MaintenanceRepository } from './maintenance/maintenance.repository.js';
import { MetricsServer } from './metrics/metrics-server.js';
import { ActiveCampaignProcessor } from './processors/activecampaign.processor.js';
import { JobDispatcher } from './processors/job-dispatcher.js';
import { jobProducerProvider } from './processors/job-producer.provider.js';
import { EmailProcessor, MaintenanceProcessor, WebhooksProcessor } from './processors/queue-processors.js';
import { Schedules } from './processors/schedules.js';
import { objectStorageProvider } from './storage/object-storage.provider.js';
import { WebhooksRepository } from './webhooks/webhooks.repository.js';

@Module({})
export class WorkerModule {
  /** `importPolling` lets tests wait seconds where AC's imports take minutes; `clock` lets them pick the night. */
  static forRoot(config: WorkerConfig, options: { importPolling?: ImportPolling; clock?: Clock } = {}): DynamicModule {
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
      providers: [
        JobHandlerRegistry,
        JobDispatcher,
        jobProducerProvider,
        Mailer,
        EmailProcessor,
        MaintenanceProcessor,
        Schedules,
        SendPasswordResetJob,
        PruneSessionsJob,
        // Background work (issue 6): venue e-mail and ActiveCampaign.
        EmailDeliveryService,
        SendContactMessageJob,
        SendBookingRequestJob,
        SendBookingAcknowledgementJob,
        SendBookingStatusJob,
        ActiveCampaignClient,
        flowProducerProvider,
        ActiveCampaignProcessor,
        SyncContactJob,
        DeleteContactJob,
        BulkSyncJob,
        ImportBatchJob,
        BulkSyncFinishJob,
        { provide: IMPORT_POLLING, useValue: options.importPolling ?? DEFAULT_IMPORT_POLLING },
        // Media uploads (issue 7): purge uploads never finalized.
        objectStorageProvider,
        PurgeStaleUploadsJob,
        // Observability (issue 16): /metrics on WORKER_METRICS_PORT.
        MetricsServer,
        // Signed outgoing webhooks (issue 20).
        WebhooksProcessor,
        FanOutWebhookJob,
        DeliverWebhookJob,
        // Data access of each area (issue 17).
        MailRepository,
        ActiveCampaignRepository,
        WebhooksRepository,
        MaintenanceRepository,
        // Points expiry (issue 20): nightly when POINTS_EXPIRE_AFTER_MONTHS is set.
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        PointsExpiryRepository,
        { provide: Ledger, useValue: new Ledger(tierThresholdsFrom(config)) },
        ExpirePointsJob,
        SendPointsExpiryWarningJob,
      ],
    };
  }
}
