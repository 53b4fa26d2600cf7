import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  endpoints,
  IdParams,
  WebhookDeliveriesQuery,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@nocturne/contracts';
import { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { DeleteWebhookCommand } from './commands/delete-webhook/delete-webhook.command.js';
import { RedeliverWebhookCommand } from './commands/redeliver-webhook/redeliver-webhook.command.js';
import { RegisterWebhookCommand } from './commands/register-webhook/register-webhook.command.js';
import { ListWebhookDeliveriesQuery } from './queries/list-webhook-deliveries/list-webhook-deliveries.query.js';
import { ListWebhookEndpointsQuery } from './queries/list-webhook-endpoints/list-webhook-endpoints.query.js';

@Controller()
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.registerWebhook)
  register(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: CreateWebhookRequest): Promise<CreatedWebhook> {
    return this.commands.execute(new RegisterWebhookCommand(admin.id, body));
  }

  @Endpoint(endpoints.listWebhooks)
  list(): Promise<WebhookEndpointView[]> {
    return this.queries.execute(new ListWebhookEndpointsQuery());
  }

  @Endpoint(endpoints.deleteWebhook)
  remove(@ValidParams() params: z.infer<typeof IdParams>): Promise<{ success: true }> {
    return this.commands.execute(new DeleteWebhookCommand(params.id));
  }

  @Endpoint(endpoints.listWebhookDeliveries)
  deliveries(
    @ValidParams() params: z.infer<typeof IdParams>,
    @ValidQuery() query: z.infer<typeof WebhookDeliveriesQuery>,
  ): Promise<WebhookDeliveryView[]> {
    return this.queries.execute(new ListWebhookDeliveriesQuery(params.id, query.limit));
  }

  @Endpoint(endpoints.redeliverWebhook)
  redeliver(@ValidParams() params: z.infer<typeof IdParams>): Promise<{ success: true }> {
    return this.commands.execute(new RedeliverWebhookCommand(params.id));
  }
}
