import { Query } from '@nestjs/cqrs';
import type { WebhookEndpointView } from '@nocturne/contracts';

export class ListWebhookEndpointsQuery extends Query<WebhookEndpointView[]> {}
