import { EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { db, PreparedQuery, sentBeforeNext } from '@nocturne/db';
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
 * the commit instead of the whole transaction. A step that throws rolls everything back. A step
 * whose outcome decides nothing (a count moved by one) may ask to go out with the COMMIT
 * (`{ withCommit: true }`): it is written to the connection and the COMMIT right behind it, so
 * PostgreSQL holds that row's lock for the two statements only, not for a round trip to this
 * process and its wait for the event loop in between. Should that statement fail, PostgreSQL
 * turns the COMMIT into a rollback, and the command fails with the statement's error.
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
    let withCommit: (() => Promise<unknown>) | undefined;
    const lastly: Lastly = (step, options) => {
      if (!options?.withCommit) return void lastSteps.push(step);
      // One statement goes out with the COMMIT: of two such steps, the earlier runs as any last step.
      if (withCommit) lastSteps.push(withCommit);
      withCommit = step;
    };
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
        const result = await work(tx, raise, lastly);
        await appendToOutbox(tx, raised);
        for (const step of lastSteps) await step();
        if (!withCommit) {
          await tx.commit();
          return result;
        }
        const { result: stepped, written } = await sentBeforeNext(withCommit);
        // Not written (it failed first, say): it is settled, and a failure rolls back as any step's does.
        if (!written) await stepped;
        const [step, committed] = await Promise.allSettled([stepped, tx.commit()]);
        // The step failed: PostgreSQL answered the COMMIT behind it with a rollback.
        if (step.status === 'rejected') throw step.reason;
        if (committed.status === 'rejected') throw committed.reason;
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

/**
 * Queues a step to run after the outbox rows, right before COMMIT; with `withCommit`, a step of one
 * statement whose answer decides nothing, written with the COMMIT (see UnitOfWork).
 */
export type Lastly = (step: () => Promise<unknown>, options?: { withCommit?: boolean }) => void;

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
