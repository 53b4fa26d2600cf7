import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  IdParams,
  SuccessResponse,
  WebhookDeliveriesQuery,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@nocturne/contracts';
import { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { DeleteWebhookCommand } from './commands/delete-webhook/delete-webhook.command.js';
import { RedeliverWebhookCommand } from './commands/redeliver-webhook/redeliver-webhook.command.js';
import { RegisterWebhookCommand } from './commands/register-webhook/register-webhook.command.js';
import { ListWebhookDeliveriesQuery } from './queries/list-webhook-deliveries/list-webhook-deliveries.query.js';
import { ListWebhookEndpointsQuery } from './queries/list-webhook-endpoints/list-webhook-endpoints.query.js';

@Controller('admin/webhooks')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @Endpoint({
    summary: 'Register a webhook endpoint; the answer holds its signing secret, shown this once',
    auth: 'admin',
    tags: ['admin', 'webhooks'],
    body: CreateWebhookRequest,
    response: CreatedWebhook,
    status: 201,
    errors: { 400: 'Bad URL or events, or a private or loopback target' },
  })
  register(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: CreateWebhookRequest): Promise<CreatedWebhook> {
    return this.commands.execute(new RegisterWebhookCommand(admin.id, body));
  }

  @Get()
  @Endpoint({
    summary: 'The registered webhook endpoints (without their secrets)',
    auth: 'admin',
    tags: ['admin', 'webhooks'],
    conditional: { scopes: ['webhooks'] },
    response: z.array(WebhookEndpointView),
  })
  list(): Promise<WebhookEndpointView[]> {
    return this.queries.execute(new ListWebhookEndpointsQuery());
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a webhook endpoint and its delivery log',
    auth: 'admin',
    tags: ['admin', 'webhooks'],
    params: IdParams,
    response: SuccessResponse,
    errors: { 404: 'No such webhook endpoint' },
  })
  remove(@ValidParams() params: z.infer<typeof IdParams>): Promise<{ success: true }> {
    return this.commands.execute(new DeleteWebhookCommand(params.id));
  }

  @Get(':id/deliveries')
  @Endpoint({
    summary: "An endpoint's delivery log, newest first: state, attempts, last status and error",
    auth: 'admin',
    tags: ['admin', 'webhooks'],
    conditional: { scopes: ['webhooks'] },
    params: IdParams,
    query: WebhookDeliveriesQuery,
    response: z.array(WebhookDeliveryView),
    errors: { 404: 'No such webhook endpoint' },
  })
  deliveries(
    @ValidParams() params: z.infer<typeof IdParams>,
    @ValidQuery() query: z.infer<typeof WebhookDeliveriesQuery>,
  ): Promise<WebhookDeliveryView[]> {
    return this.queries.execute(new ListWebhookDeliveriesQuery(params.id, query.limit));
  }

  @Post('deliveries/:id/redeliver')
  @Endpoint({
    summary: 'Send a delivery again (a new round of retries)',
    auth: 'admin',
    tags: ['admin', 'webhooks'],
    params: IdParams,
    response: SuccessResponse,
    status: 202,
    errors: { 404: 'No such webhook delivery' },
  })
  redeliver(@ValidParams() params: z.infer<typeof IdParams>): Promise<{ success: true }> {
    return this.commands.execute(new RedeliverWebhookCommand(params.id));
  }
}
