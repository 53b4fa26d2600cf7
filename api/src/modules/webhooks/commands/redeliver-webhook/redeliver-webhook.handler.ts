import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { webhookDeliveryJobId, webhookDeliveryJobOptions } from '@nocturne/queues';
import { QueueRegistry } from '../../../../infrastructure/queues/queue-registry.js';
import { resetDelivery } from '../../webhook.repository.js';
import { RedeliverWebhookCommand } from './redeliver-webhook.command.js';

@CommandHandler(RedeliverWebhookCommand)
export class RedeliverWebhookHandler implements ICommandHandler<RedeliverWebhookCommand, { success: true }> {
  constructor(
    private readonly em: EntityManager,
    private readonly queues: QueueRegistry,
  ) {}

  async execute({ deliveryId }: RedeliverWebhookCommand): Promise<{ success: true }> {
    const round = await resetDelivery(this.em.fork(), deliveryId);
    if (round === undefined) throw new NotFoundException({ message: 'No such webhook delivery' });
    await this.queues.enqueue('webhooks.deliver', { deliveryId }, { ...webhookDeliveryJobOptions, jobId: webhookDeliveryJobId(deliveryId, round) });
    return { success: true };
  }
}
