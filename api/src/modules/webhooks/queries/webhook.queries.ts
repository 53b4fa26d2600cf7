import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryView, WebhookEndpointView } from '@nocturne/contracts';
import { endpointExists, listDeliveries, listEndpoints } from '../webhook.repository.js';
import { WebhookFailure } from '../webhook-failure.js';

/** What the admin's webhooks tab reads: the endpoints (never their secrets) and each one's delivery log. */
@Injectable()
export class WebhookQueries {
  constructor(private readonly em: EntityManager) {}

  endpoints(): Promise<WebhookEndpointView[]> {
    return listEndpoints(this.em.fork());
  }

  async deliveries(endpointId: string, limit: number): Promise<WebhookDeliveryView[]> {
    const em = this.em.fork();
    if (!(await endpointExists(em, endpointId))) throw new WebhookFailure('not_found', 'No such webhook endpoint');
    return listDeliveries(em, endpointId, limit);
  }
}
