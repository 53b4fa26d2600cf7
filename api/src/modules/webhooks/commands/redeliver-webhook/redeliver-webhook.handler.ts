import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { webhookDeliveryJobId, webhookDeliveryJobOptions } from '@nocturne/queues';
import { QueueRegistry } from '#infrastructure/queues/queue-registry.js';
import { WebhooksRepository } from '#modules/webhooks/webhooks.repository.js';
import { RedeliverWebhookCommand } from './redeliver-webhook.command.js';
import { WebhookFailure } from '#modules/webhooks/webhook-failure.js';
import { AuditService } from '#modules/audit/audit.public.js';

@CommandHandler(RedeliverWebhookCommand)
export class RedeliverWebhookHandler implements ICommandHandler<RedeliverWebhookCommand, { success: true }> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
    private readonly queues: QueueRegistry,
    private readonly audit: AuditService,
  ) {}

  async execute({ deliveryId }: RedeliverWebhookCommand): Promise<{ success: true }> {
    const round = await this.em.fork().transactional(async (tx) => {
      const reset = await this.webhooks.resetDelivery(tx, deliveryId);
      if (reset === undefined) throw new WebhookFailure('not_found', 'No such webhook delivery');
      await this.audit.record(tx, { action: 'webhook.redeliver', targetType: 'webhook_delivery', targetId: deliveryId });
      return reset;
    });
    await this.queues.enqueue(
      'webhooks.deliver',
      { deliveryId },
      { ...webhookDeliveryJobOptions, jobId: webhookDeliveryJobId(deliveryId, round) },
    );
    return { success: true };
  }
}
