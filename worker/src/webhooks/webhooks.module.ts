import { type DynamicModule, Module } from '@nestjs/common';
import type { WorkerArea } from '../runtime/worker-area.js';
import { DeliverWebhookJob } from './deliver-webhook.job.js';
import { FanOutWebhookJob } from './fan-out-webhook.job.js';
import { type ResolveAll, systemResolver, WEBHOOK_RESOLVER } from './webhook-agent.js';
import { WebhooksProcessor } from './webhooks.processor.js';
import { WebhooksRepository } from './webhooks.repository.js';

const WEBHOOKS_JOBS = [FanOutWebhookJob, DeliverWebhookJob];

/** Signed outgoing webhooks: an event's fan-out to one delivery per endpoint, each delivery signed and retried. */
@Module({})
class WebhooksModule {
  /** `resolve` lets tests answer DNS themselves (a name that rebinds, for one). */
  static forRoot(resolve: ResolveAll): DynamicModule {
    return {
      module: WebhooksModule,
      providers: [...WEBHOOKS_JOBS, WebhooksProcessor, WebhooksRepository, { provide: WEBHOOK_RESOLVER, useValue: resolve }],
    };
  }
}

export const webhooksArea = (resolve: ResolveAll = systemResolver): WorkerArea => ({
  name: 'webhooks',
  module: WebhooksModule.forRoot(resolve),
  jobs: WEBHOOKS_JOBS,
  processor: WebhooksProcessor,
});
