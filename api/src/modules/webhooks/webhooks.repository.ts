import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';

/** Webhook endpoints and their delivery log. Every method runs in the caller's `em`. */
@Injectable()
export class WebhooksRepository {
  insertEndpoint(em: EntityManager, input: { url: string; events: string[]; secret: string; createdBy: string }) {
    return db(em)
      .insertInto('webhook_endpoints')
      .values({ url: input.url, events: input.events, secret: input.secret, created_by_id: input.createdBy })
      .returning(['id', 'url', 'events', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  /** Newest first; never their secrets. */
  listEndpoints(em: EntityManager) {
    return db(em)
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'events', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async endpointExists(em: EntityManager, id: string): Promise<boolean> {
    return (await db(em).selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** Deletes the endpoint (its deliveries go with it) and answers what it was (never its secret); undefined when there was none. */
  deleteEndpoint(em: EntityManager, id: string) {
    return db(em)
      .deleteFrom('webhook_endpoints')
      .where('id', '=', id)
      .returning(['id', 'url', 'events', 'created_at'])
      .executeTakeFirst();
  }

  /** The endpoint's deliveries, newest first. */
  listDeliveries(em: EntityManager, endpointId: string, limit: number) {
    return db(em)
      .selectFrom('webhook_deliveries')
      .select([
        'id',
        'endpoint_id',
        'event_type',
        'state',
        'attempts',
        'last_status_code',
        'last_error',
        'last_attempt_at',
        'delivered_at',
        'created_at',
      ])
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Puts a delivery back to pending for another round of attempts; answers its redelivery count (undefined: no such delivery). */
  async resetDelivery(em: EntityManager, id: string): Promise<number | undefined> {
    const row = await db(em)
      .updateTable('webhook_deliveries')
      .set((eb) => ({ state: 'pending', redeliveries: eb('redeliveries', '+', 1) }))
      .where('id', '=', id)
      .returning('redeliveries')
      .executeTakeFirst();
    return row?.redeliveries;
  }
}

export type EndpointRow = Awaited<ReturnType<WebhooksRepository['listEndpoints']>>[number];
export type DeliveryRow = Awaited<ReturnType<WebhooksRepository['listDeliveries']>>[number];
