import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { OutboxRelay } from './outbox-relay.js';
import { RequestCorrelationInterceptor } from './request-correlation.interceptor.js';
import { UnitOfWork } from './unit-of-work.js';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [UnitOfWork, OutboxRelay, { provide: APP_INTERCEPTOR, useClass: RequestCorrelationInterceptor }],
  exports: [UnitOfWork, OutboxRelay],
})
export class OutboxModule {}
