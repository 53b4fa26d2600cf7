import { defineEntity, p } from '@mikro-orm/core';

/**
 * A domain event written in the same transaction as the change that raised it. The relay moves
 * unpublished rows to BullMQ; rows stay (with publishedAt) as an audit trail.
 */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    type: p.string().length(100),
    aggregateId: p.string().length(100),
    correlationId: p.string().length(100).nullable(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    publishedAt: p.datetime().columnType('timestamptz').nullable(),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
  },
});
