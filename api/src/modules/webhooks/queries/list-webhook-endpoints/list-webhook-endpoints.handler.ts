import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { WebhookEndpointView } from '@nocturne/contracts';
import { endpointView } from '#modules/webhooks/webhook-views.js';
import { WebhooksRepository } from '#modules/webhooks/webhooks.repository.js';
import { ListWebhookEndpointsQuery } from './list-webhook-endpoints.query.js';

/** The admin's webhooks tab: the registered endpoints, never their secrets. */
@QueryHandler(ListWebhookEndpointsQuery)
export class ListWebhookEndpointsHandler implements IQueryHandler<ListWebhookEndpointsQuery, WebhookEndpointView[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
  ) {}

  async execute(): Promise<WebhookEndpointView[]> {
    return (await this.webhooks.listEndpoints(this.em.fork())).map(endpointView);
  }
}
