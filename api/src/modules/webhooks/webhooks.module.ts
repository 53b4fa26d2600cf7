import { Module } from '@nestjs/common';
import { DeleteWebhookHandler } from './commands/delete-webhook/delete-webhook.handler.js';
import { RedeliverWebhookHandler } from './commands/redeliver-webhook/redeliver-webhook.handler.js';
import { RegisterWebhookHandler } from './commands/register-webhook/register-webhook.handler.js';
import { WebhookQueries } from './queries/webhook.queries.js';
import { WebhooksController } from './webhooks.controller.js';

/** Signed outgoing webhooks: endpoints and their delivery log. The worker fans events out and sends them. */
@Module({
  controllers: [WebhooksController],
  providers: [WebhookQueries, RegisterWebhookHandler, DeleteWebhookHandler, RedeliverWebhookHandler],
})
export class WebhooksModule {}
