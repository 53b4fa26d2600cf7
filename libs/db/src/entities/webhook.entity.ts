import { defineEntity, p } from '@mikro-orm/core';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS } from '@nocturne/domain';
import { Member } from './member.entity.js';

export { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, type WebhookDeliveryState, type WebhookEventName } from '@nocturne/domain';

/**
 * A receiver an admin registered. `secret` is the Standard Webhooks signing key (`whsec_` +
 * base64), shown to the admin once at creation; the worker needs it in clear to sign.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    url: p.string().length(2000),
    events: p.array().columnType('text[]'),
    secret: p.string().length(100),
    createdBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/**
 * One event owed to one endpoint: its id is the `webhook-id` (the same on every retry, so the
 * receiver can de-duplicate), and the row is the delivery log an admin reads.
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  uniques: [{ name: 'webhook_deliveries_endpoint_event_unique', properties: ['endpoint', 'eventId'] }],
  indexes: [{ name: 'webhook_deliveries_endpoint_created_idx', properties: ['endpoint', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade'),
    /** The job id of the fan-out (derived from the outbox row): one delivery per event and endpoint. */
    eventId: p.string().length(100),
    eventType: p.enum(WEBHOOK_EVENTS),
    payload: p.json(),
    state: p.enum(WEBHOOK_DELIVERY_STATES).default('pending'),
    attempts: p.integer().default(0),
    /** Rounds of attempts an admin asked for again; part of the job id of each round. */
    redeliveries: p.integer().default(0),
    lastStatusCode: p.integer().nullable(),
    lastError: p.string().length(500).nullable(),
    lastAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    deliveredAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
