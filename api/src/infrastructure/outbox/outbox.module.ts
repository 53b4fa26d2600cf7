import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { OutboxRelay } from './outbox-relay.js';
import { UnitOfWork } from './unit-of-work.js';

@Global()
@Module({
  imports: [CqrsModule, DiscoveryModule],
  providers: [UnitOfWork, OutboxRelay],
  exports: [UnitOfWork, OutboxRelay],
})
export class OutboxModule {}
