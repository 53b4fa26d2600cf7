import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import { type Selectable, sql } from 'kysely';

type DeliveryState = Selectable<Database['webhook_deliveries']>['state'];

/** The webhook deliveries the worker writes, sends and records. */
@Injectable()
export class WebhooksRepository {
  /** One pending delivery per endpoint subscribed to the event; a delivery already written for (endpoint, event) stays as it is. */
  async writeDeliveries(
    em: EntityManager,
    event: { id: string; type: Database['webhook_deliveries']['event_type']; payload: string },
  ): Promise<void> {
    const k = db(em);
    await k
      .insertInto('webhook_deliveries')
      .columns(['endpoint_id', 'event_id', 'event_type', 'payload'])
      .expression(
        k
          .selectFrom('webhook_endpoints')
          .select([
            'id',
            sql<string>`${event.id}`.as('event_id'),
            sql<string>`${event.type}`.as('event_type'),
            sql<unknown>`${event.payload}::jsonb`.as('payload'),
          ])
          .where(sql<string>`${event.type}`, '=', sql<string>`any(events)`),
      )
      .onConflict((conflict) => conflict.columns(['endpoint_id', 'event_id']).doNothing())
      .execute();
  }

  async pendingDeliveryIds(em: EntityManager, eventId: string): Promise<string[]> {
    const rows = await db(em)
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', eventId)
      .where('state', '=', 'pending')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The delivery with its endpoint's URL and signing secret. */
  findDelivery(em: EntityManager, id: string) {
    return db(em)
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.state', 'd.payload', 'd.endpoint_id', 'e.url', 'e.secret'])
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  /** Counts an attempt and its outcome; a success also notes when it was delivered. */
  async recordAttempt(
    em: EntityManager,
    id: string,
    state: DeliveryState,
    status: number | null,
    error: string | null,
  ): Promise<void> {
    await db(em)
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        state,
        attempts: eb('attempts', '+', 1),
        last_status_code: status,
        last_error: error,
        last_attempt_at: sql<string>`now()`,
        ...(state === 'succeeded' ? { delivered_at: sql<string>`now()` } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }
}

export type WebhookDeliveryState = DeliveryState;
