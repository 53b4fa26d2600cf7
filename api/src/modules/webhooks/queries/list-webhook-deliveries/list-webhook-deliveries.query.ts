import { Query } from '@nestjs/cqrs';
import type { WebhookDeliveryView } from '@nocturne/contracts';

export class ListWebhookDeliveriesQuery extends Query<WebhookDeliveryView[]> {
  constructor(
    readonly endpointId: string,
    readonly limit: number,
  ) {
    super();
  }
}
