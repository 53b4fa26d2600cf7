import { Module } from '@nestjs/common';
import { DeleteWebhookHandler } from './commands/delete-webhook/delete-webhook.handler.js';
import { RedeliverWebhookHandler } from './commands/redeliver-webhook/redeliver-webhook.handler.js';
import { RegisterWebhookHandler } from './commands/register-webhook/register-webhook.handler.js';
import { ListWebhookDeliveriesHandler } from './queries/list-webhook-deliveries/list-webhook-deliveries.handler.js';
import { ListWebhookEndpointsHandler } from './queries/list-webhook-endpoints/list-webhook-endpoints.handler.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** Signed outgoing webhooks: endpoints and their delivery log. The worker fans events out and sends them. */
@Module({
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    RegisterWebhookHandler,
    DeleteWebhookHandler,
    RedeliverWebhookHandler,
    ListWebhookEndpointsHandler,
    ListWebhookDeliveriesHandler,
  ],
})
export class WebhooksModule {}
