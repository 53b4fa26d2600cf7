import { Global, Module } from '@nestjs/common';
import { QueueDashboardController } from './queue-dashboard.controller.js';
import { QueueDashboardPasses } from './queue-dashboard.js';
import { QueueRegistry } from './queue-registry.js';

@Global()
@Module({
  controllers: [QueueDashboardController],
  providers: [QueueRegistry, QueueDashboardPasses],
  exports: [QueueRegistry, QueueDashboardPasses],
})
export class QueuesModule {}
