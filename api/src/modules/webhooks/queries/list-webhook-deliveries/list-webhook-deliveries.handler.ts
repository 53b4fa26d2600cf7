import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { WebhookDeliveryView } from '@nocturne/contracts';
import { deliveryView } from '#modules/webhooks/webhook-views.js';
import { WebhooksRepository } from '#modules/webhooks/webhooks.repository.js';
import { ListWebhookDeliveriesQuery } from './list-webhook-deliveries.query.js';
import { WebhookFailure } from '#modules/webhooks/webhook-failure.js';

/** An endpoint's delivery log, newest first. */
@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery, WebhookDeliveryView[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
  ) {}

  async execute({ endpointId, limit }: ListWebhookDeliveriesQuery): Promise<WebhookDeliveryView[]> {
    const em = this.em.fork();
    if (!(await this.webhooks.endpointExists(em, endpointId))) throw new WebhookFailure('not_found', 'No such webhook endpoint');
    return (await this.webhooks.listDeliveries(em, endpointId, limit)).map(deliveryView);
  }
}
