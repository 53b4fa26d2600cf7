import { Module } from '@nestjs/common';
import type { WorkerArea } from '../runtime/worker-area.js';
import { DeliverWebhookJob } from './deliver-webhook.job.js';
import { FanOutWebhookJob } from './fan-out-webhook.job.js';
import { WebhooksProcessor } from './webhooks.processor.js';
import { WebhooksRepository } from './webhooks.repository.js';

const WEBHOOKS_JOBS = [FanOutWebhookJob, DeliverWebhookJob];

/** Signed outgoing webhooks: an event's fan-out to one delivery per endpoint, each delivery signed and retried. */
@Module({ providers: [...WEBHOOKS_JOBS, WebhooksProcessor, WebhooksRepository] })
export class WebhooksModule {}

export const webhooksArea: WorkerArea = {
  name: 'webhooks',
  module: WebhooksModule,
  jobs: WEBHOOKS_JOBS,
  processor: WebhooksProcessor,
};
