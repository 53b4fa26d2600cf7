import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { JobProducer, type JobPayload, webhookDeliveryJobId, webhookDeliveryJobOptions } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { HandlesJob, type JobHandler } from './job-handler.js';

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
    private readonly jobs: JobProducer,
  ) {}

  async handle({ event, data }: JobPayload<'webhooks.fan-out'>, job: Job): Promise<number> {
    const eventId = job.id ?? `${event}-${job.timestamp}`;
    await this.em.execute(
      `insert into webhook_deliveries (endpoint_id, event_id, event_type, payload)
       select id, ?, ?, ?::jsonb from webhook_endpoints where ? = any(events)
       on conflict (endpoint_id, event_id) do nothing`,
      [eventId, event, JSON.stringify({ type: event, timestamp: new Date(job.timestamp).toISOString(), data }), event],
    );
    const rows = await this.em.execute<{ id: string }[]>("select id from webhook_deliveries where event_id = ? and state = 'pending'", [eventId]);
    await this.jobs.enqueueBulk(
      rows.map((row) => ({ name: 'webhooks.deliver', data: { deliveryId: row.id }, options: { ...webhookDeliveryJobOptions, jobId: webhookDeliveryJobId(row.id) } })),
    );
    return rows.length;
  }
}
