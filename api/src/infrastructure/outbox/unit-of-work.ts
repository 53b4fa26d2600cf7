import { EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { db, PreparedQuery } from '@nocturne/db';
import type { DomainEvent, DomainEventType } from '@nocturne/queues';
import { ResourceVersions } from '../versions/resource-versions.js';
import { IN_TRANSACTION_HANDLER, type InTransactionHandler, type Raise } from './in-transaction-handler.decorator.js';
import { requestCorrelation } from './request-correlation.js';

/**
 * Runs a command in one database transaction. Events it raises are handed to their
 * in-transaction handlers and written to the outbox before commit, with the id of the request
 * that ran the command as their correlation id; the outbox relay takes them from there after
 * commit. Nothing that must survive a crash lives only in memory.
 *
 * A command hands `lastly` the statement that touches a row every request of its kind contends
 * for (a post's comment count, a scarce coupon's claimed count): it runs after the outbox rows, as
 * the transaction's last statement before COMMIT, so that row's lock is held for one statement and
 * the commit instead of the whole transaction. A step that throws rolls everything back.
 */
@Injectable()
export class UnitOfWork implements OnModuleInit {
  private handlers = new Map<DomainEventType, InTransactionHandler[]>();

  constructor(
    private readonly em: EntityManager,
    private readonly discovery: DiscoveryService,
    private readonly versions: ResourceVersions,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const type =
        wrapper.metatype && (Reflect.getMetadata(IN_TRANSACTION_HANDLER, wrapper.metatype) as DomainEventType | undefined);
      if (!type || !wrapper.instance) continue;
      const list = this.handlers.get(type) ?? [];
      list.push(wrapper.instance as InTransactionHandler);
      this.handlers.set(type, list);
    }
  }

  async run<T>(work: (tx: EntityManager, raise: Raise, lastly: Lastly) => Promise<T>): Promise<T> {
    const correlationId = requestCorrelation.current();
    const raised: DomainEvent[] = [];
    const lastSteps: (() => Promise<unknown>)[] = [];
    // One fork, its transaction begun and ended here: `em.fork().transactional()` forks a second
    // time and merges that fork back into the first, some 75 µs of CPU per command for nothing (a
    // command's entities live and die with its fork). As transactional() does, the fork is the
    // transaction's context (TransactionContext) while the work runs, and a failure rolls it back.
    const tx = this.em.fork();
    await tx.begin();
    const value = await TransactionContext.create(tx, async () => {
      try {
        const raise: Raise = async (event) => {
          const correlated = event.correlationId || !correlationId ? event : { ...event, correlationId };
          raised.push(correlated);
          for (const handler of this.handlers.get(event.type) ?? []) await handler.handle(correlated, tx, raise);
        };
        const result = await work(tx, raise, (step) => lastSteps.push(step));
        await appendToOutbox(tx, raised);
        for (const step of lastSteps) await step();
        await tx.commit();
        return result;
      } catch (error) {
        // A rollback that fails too must not hide why the transaction failed (the connection is gone, say).
        if (tx.isInTransaction()) await tx.rollback().catch(() => undefined);
        throw error;
      }
    });
    // Read your writes: the answer's next request on this replica sees this commit's versions.
    await this.versions.caughtUp();
    return value;
  }
}

/** Queues a step to run after the outbox rows, right before COMMIT (see UnitOfWork). */
export type Lastly = (step: () => Promise<unknown>) => void;

/** The outbox row of a command that raised one event, as most do: compiled once (PreparedQuery). */
const oneOutboxRow = new PreparedQuery(
  (kysely, type: string, aggregateId: string, correlationId: string | null, payload: DomainEvent['payload']) =>
    kysely.insertInto('outbox').values({ type, aggregate_id: aggregateId, correlation_id: correlationId, payload }),
);

/** Writes events to the outbox with the caller's transaction. */
async function appendToOutbox(tx: EntityManager, events: DomainEvent[]): Promise<void> {
  if (!events.length) return;
  if (events.length === 1) {
    const [event] = events as [DomainEvent];
    await oneOutboxRow.rows(tx, event.type, event.aggregateId, event.correlationId ?? null, event.payload);
    return;
  }
  await db(tx)
    .insertInto('outbox')
    .values(
      events.map((event) => ({
        type: event.type,
        aggregate_id: event.aggregateId,
        correlation_id: event.correlationId ?? null,
        payload: event.payload,
      })),
    )
    .execute();
}
