import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EventBus } from '@nestjs/cqrs';
import type { DomainEvent, DomainEventType } from '@nocturne/queues';
import { DomainEventPublished } from './domain-event-published.js';
import { IN_TRANSACTION_HANDLER, type InTransactionHandler, type Raise } from './in-transaction-handler.decorator.js';

/**
 * Runs a command in one database transaction. Events it raises are handed to their
 * in-transaction handlers, written to the outbox before commit, and published on the EventBus
 * after commit. Nothing that must survive a crash lives only in memory.
 */
@Injectable()
export class UnitOfWork implements OnModuleInit {
  private handlers = new Map<DomainEventType, InTransactionHandler[]>();

  constructor(
    private readonly em: EntityManager,
    private readonly eventBus: EventBus,
    private readonly discovery: DiscoveryService,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const type = wrapper.metatype && (Reflect.getMetadata(IN_TRANSACTION_HANDLER, wrapper.metatype) as DomainEventType | undefined);
      if (!type || !wrapper.instance) continue;
      const list = this.handlers.get(type) ?? [];
      list.push(wrapper.instance as InTransactionHandler);
      this.handlers.set(type, list);
    }
  }

  async run<T>(work: (tx: EntityManager, raise: Raise) => Promise<T>): Promise<T> {
    const raised: DomainEvent[] = [];
    const result = await this.em.fork().transactional(async (tx) => {
      const raise: Raise = async (event) => {
        raised.push(event);
        for (const handler of this.handlers.get(event.type) ?? []) await handler.handle(event, tx, raise);
      };
      const value = await work(tx, raise);
      await appendToOutbox(tx, raised);
      return value;
    });
    for (const event of raised) this.eventBus.publish(new DomainEventPublished(event));
    return result;
  }
}

/** Writes events to the outbox with the caller's transaction. */
export async function appendToOutbox(tx: EntityManager, events: DomainEvent[]): Promise<void> {
  if (!events.length) return;
  const values = events.map(() => '(?, ?, ?, ?)').join(', ');
  const params = events.flatMap((e) => [e.type, e.aggregateId, e.correlationId ?? null, JSON.stringify(e.payload)]);
  await tx.execute(`insert into outbox (type, aggregate_id, correlation_id, payload) values ${values}`, params);
}
