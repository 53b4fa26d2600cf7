import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventName } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

export function endpointView(row: EndpointRow): WebhookEndpointView {
  // The column is text[]; what is stored there was validated against the event names on registration.
  return { id: row.id, url: row.url, events: row.events as WebhookEventName[], createdAt: isoTimestamp(row.created_at) };
}

export function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttemptAt: isoTimestampOrNull(row.last_attempt_at),
    deliveredAt: isoTimestampOrNull(row.delivered_at),
    createdAt: isoTimestamp(row.created_at),
  };
}
