import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { OpenApiModule } from './common/openapi/openapi.module.js';
import { ConditionalGetInterceptor } from './common/http/conditional-get.interceptor.js';
import { SharedAnswers } from './common/http/shared-answers.js';
import { HttpExceptionFilter } from './common/http/http-exception.filter.js';
import type { ApiConfig } from './config/api-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './infrastructure/database/database.module.js';
import { ExportsModule } from './infrastructure/exports/exports.module.js';
import { HealthModule } from './infrastructure/health/health.module.js';
import { MetricsModule } from './infrastructure/metrics/metrics.module.js';
import { OutboxModule } from './infrastructure/outbox/outbox.module.js';
import { QueuesModule } from './infrastructure/queues/queues.module.js';
import { RedisModule } from './infrastructure/redis/redis.module.js';
import { VersionsModule } from './infrastructure/versions/versions.module.js';
import { ActiveCampaignModule } from './modules/activecampaign/activecampaign.module.js';
import { AuthGuard } from './modules/auth/auth.public.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CouponsModule } from './modules/coupons/coupons.module.js';
import { DoorModule } from './modules/door/door.module.js';
import { DoorDevicesModule } from './modules/door-devices/door-devices.module.js';
import { EventsModule } from './modules/events/events.module.js';
import { LedgerModule } from './modules/ledger/ledger.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { MembersModule } from './modules/members/members.module.js';
import { NewsModule } from './modules/news/news.module.js';
import { OverviewModule } from './modules/overview/overview.module.js';
import { ReferralsModule } from './modules/referrals/referrals.module.js';
import { TiersModule } from './modules/tiers/tiers.module.js';
import { StaffModule } from './modules/staff/staff.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { VenueInboxModule } from './modules/venue-inbox/venue-inbox.module.js';
import { VenuesModule } from './modules/venues/venues.module.js';
import { WalletModule } from './modules/wallet/wallet.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { OpenHandlers } from './infrastructure/web/open-handlers.js';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            // The request lines are written by web/request-log.ts, for every route Fastify serves;
            // this middleware only binds the request to the logs written while Nest handles it.
            autoLogging: false,
            // Fastify assigns the request id (see app.factory.ts); pino-http reuses it.
            // A request is logged by what identifies it, never by its headers (tokens, cookies).
            // pino-http serializes this into a child logger for every request, logged or not, so
            // keeping it small also keeps the hot path cheap.
            serializers: {
              req: ({ id, method, url, remoteAddress }: Record<string, unknown>) => ({ id, method, url, remoteAddress }),
            },
          },
        }),
        CqrsModule.forRoot(),
        DatabaseModule,
        VersionsModule,
        RedisModule,
        QueuesModule,
        OutboxModule,
        ExportsModule,
        MetricsModule,
        HealthModule,
        OpenApiModule,
        LedgerModule,
        VenuesModule,
        AuthModule,
        NewsModule,
        CouponsModule,
        DoorModule,
        DoorDevicesModule,
        EventsModule,
        MediaModule,
        VenueInboxModule,
        WebhooksModule,
        WalletModule,
        ReferralsModule,
        TiersModule,
        ActiveCampaignModule,
        MembersModule,
        StaffModule,
        AuditModule,
        OverviewModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_GUARD, useClass: AuthGuard },
        OpenHandlers,
        { provide: APP_INTERCEPTOR, useExisting: OpenHandlers },
        { provide: APP_INTERCEPTOR, useClass: ConditionalGetInterceptor },
        SharedAnswers,
      ],
    };
  }
}
