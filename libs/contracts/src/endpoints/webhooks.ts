import { z } from 'zod';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  WebhookDeliveriesQuery,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '../webhooks.js';
import { IdParams, SuccessResponse } from '../common.js';
import { ADMINS, endpoint } from '../endpoint.js';

export const registerWebhook = endpoint({
  method: 'POST',
  path: '/api/admin/webhooks',
  summary: 'Register a webhook endpoint; the answer holds its signing secret, shown this once',
  access: ADMINS,
  tags: ['admin', 'webhooks'],
  body: CreateWebhookRequest,
  response: CreatedWebhook,
  status: 201,
  errors: { 400: 'Bad URL or events, or a private or loopback target' },
});

export const listWebhooks = endpoint({
  method: 'GET',
  path: '/api/admin/webhooks',
  summary: 'The registered webhook endpoints (without their secrets)',
  access: ADMINS,
  tags: ['admin', 'webhooks'],
  conditional: { scopes: ['webhooks'] },
  response: z.array(WebhookEndpointView),
});

export const deleteWebhook = endpoint({
  method: 'DELETE',
  path: '/api/admin/webhooks/:id',
  summary: 'Delete a webhook endpoint and its delivery log',
  access: ADMINS,
  tags: ['admin', 'webhooks'],
  params: IdParams,
  response: SuccessResponse,
  errors: { 404: 'No such webhook endpoint' },
});

export const listWebhookDeliveries = endpoint({
  method: 'GET',
  path: '/api/admin/webhooks/:id/deliveries',
  summary: "An endpoint's delivery log, newest first: state, attempts, last status and error",
  access: ADMINS,
  tags: ['admin', 'webhooks'],
  conditional: { scopes: ['webhooks'] },
  params: IdParams,
  query: WebhookDeliveriesQuery,
  response: z.array(WebhookDeliveryView),
  errors: { 404: 'No such webhook endpoint' },
});

export const redeliverWebhook = endpoint({
  method: 'POST',
  path: '/api/admin/webhooks/deliveries/:id/redeliver',
  summary: 'Send a delivery again (a new round of retries)',
  access: ADMINS,
  tags: ['admin', 'webhooks'],
  params: IdParams,
  response: SuccessResponse,
  status: 202,
  errors: { 404: 'No such webhook delivery' },
});
