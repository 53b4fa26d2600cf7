import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventName } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '../../common/timestamps.js';

interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEventName[];
  created_at: Date | string;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_type: WebhookEventName;
  state: WebhookDeliveryView['state'];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
  created_at: Date | string;
}

const endpointView = (row: EndpointRow): WebhookEndpointView => ({ id: row.id, url: row.url, events: row.events, createdAt: isoTimestamp(row.created_at) });

export async function insertEndpoint(em: EntityManager, input: { url: string; events: string[]; secret: string; createdBy: string }): Promise<WebhookEndpointView> {
  const rows = await em.execute<EndpointRow[]>(
    'insert into webhook_endpoints (url, events, secret, created_by_id) values (?, ?::text[], ?, ?) returning id, url, events, created_at',
    [input.url, `{${input.events.join(',')}}`, input.secret, input.createdBy],
  );
  return endpointView(rows[0]!);
}

export async function listEndpoints(em: EntityManager): Promise<WebhookEndpointView[]> {
  const rows = await em.execute<EndpointRow[]>('select id, url, events, created_at from webhook_endpoints order by created_at desc, id');
  return rows.map(endpointView);
}

export async function deleteEndpoint(em: EntityManager, id: string): Promise<boolean> {
  return (await em.execute<{ id: string }[]>('delete from webhook_endpoints where id = ? returning id', [id])).length > 0;
}

export async function listDeliveries(em: EntityManager, endpointId: string, limit: number): Promise<WebhookDeliveryView[]> {
  const rows = await em.execute<DeliveryRow[]>(
    `select id, endpoint_id, event_type, state, attempts, last_status_code, last_error, last_attempt_at, delivered_at, created_at
       from webhook_deliveries where endpoint_id = ? order by created_at desc, id limit ?`,
    [endpointId, limit],
  );
  return rows.map((row) => ({
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
  }));
}

/** Puts a delivery back to pending for another round of attempts; answers its redelivery count. */
export async function resetDelivery(em: EntityManager, id: string): Promise<number | undefined> {
  const rows = await em.execute<{ redeliveries: number }[]>(
    `update webhook_deliveries set state = 'pending', redeliveries = redeliveries + 1 where id = ? returning redeliveries`,
    [id],
  );
  return rows[0]?.redeliveries;
}

export async function endpointExists(em: EntityManager, id: string): Promise<boolean> {
  return (await em.execute('select 1 from webhook_endpoints where id = ?', [id])).length > 0;
}
