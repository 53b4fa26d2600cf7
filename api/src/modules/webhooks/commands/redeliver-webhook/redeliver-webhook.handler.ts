import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { webhookDeliveryJobId, webhookDeliveryJobOptions } from '@nocturne/queues';
import { QueueRegistry } from '../../../../infrastructure/queues/queue-registry.js';
import { WebhooksRepository } from '../../webhooks.repository.js';
import { RedeliverWebhookCommand } from './redeliver-webhook.command.js';
import { WebhookFailure } from '../../webhook-failure.js';

@CommandHandler(RedeliverWebhookCommand)
export class RedeliverWebhookHandler implements ICommandHandler<RedeliverWebhookCommand, { success: true }> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
    private readonly queues: QueueRegistry,
  ) {}

  async execute({ deliveryId }: RedeliverWebhookCommand): Promise<{ success: true }> {
    const round = await this.webhooks.resetDelivery(this.em.fork(), deliveryId);
    if (round === undefined) throw new WebhookFailure('not_found', 'No such webhook delivery');
    await this.queues.enqueue(
      'webhooks.deliver',
      { deliveryId },
      { ...webhookDeliveryJobOptions, jobId: webhookDeliveryJobId(deliveryId, round) },
    );
    return { success: true };
  }
}
