import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { JobProducer, type JobPayload, webhookDeliveryJobId, webhookDeliveryJobOptions } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { WebhooksRepository } from './webhooks.repository.js';

/**
 * Writes one delivery per endpoint subscribed to the event and queues it. The job id comes from
 * the outbox row, so a rerun finds the deliveries already written (unique per endpoint and
 * event) and queues the same job ids again, which BullMQ ignores.
 */
@Injectable()
@HandlesJob('webhooks.fan-out')
export class FanOutWebhookJob implements JobHandler<'webhooks.fan-out'> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
    private readonly jobs: JobProducer,
  ) {}

  async handle({ event, data }: JobPayload<'webhooks.fan-out'>, job: Job): Promise<number> {
    const eventId = job.id ?? `${event}-${job.timestamp}`;
    const payload = JSON.stringify({ type: event, timestamp: new Date(job.timestamp).toISOString(), data });
    await this.webhooks.writeDeliveries(this.em, { id: eventId, type: event, payload });
    const ids = await this.webhooks.pendingDeliveryIds(this.em, eventId);
    await this.jobs.enqueueBulk(
      ids.map((id) => ({
        name: 'webhooks.deliver',
        data: { deliveryId: id },
        options: { ...webhookDeliveryJobOptions, jobId: webhookDeliveryJobId(id) },
      })),
    );
    return ids.length;
  }
}
