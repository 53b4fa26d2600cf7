import { z } from 'zod';
import { Uuid } from './common.js';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS } from './constants.js';

export const WebhookEventName = z.enum(WEBHOOK_EVENTS);
export type WebhookEventName = z.infer<typeof WebhookEventName>;

export const CreateWebhookRequest = z
  .object({
    url: z.url({ message: 'must be an http or https URL', protocol: /^https?$/ }).max(2000),
    events: z
      .array(WebhookEventName)
      .min(1, 'must name at least one event')
      .transform((events) => [...new Set(events)]),
  })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

export const WebhookEndpointView = z
  .object({ id: Uuid, url: z.string(), events: z.array(WebhookEventName), createdAt: z.iso.datetime() })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointView = z.infer<typeof WebhookEndpointView>;

/** The answer to a registration: the only time the signing secret (`whsec_` + base64) is shown. */
export const CreatedWebhook = WebhookEndpointView.extend({ secret: z.string().startsWith('whsec_') }).meta({
  id: 'CreatedWebhook',
});
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookDeliveryView = z
  .object({
    id: Uuid,
    endpointId: Uuid,
    eventType: WebhookEventName,
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;

export const WebhookDeliveriesQuery = z.object({
  limit: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(200).default(50),
});
