import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventType } from '@nocturne/queues';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import type { UnitOfWork } from '../../infrastructure/outbox/unit-of-work.js';

type FakeHandler = (event: DomainEvent, tx: EntityManager, raise: Raise) => Promise<void>;

/**
 * UnitOfWork for handler unit tests, no database: runs the work with a stand-in transaction,
 * hands raised events to the in-transaction handlers given, and keeps them as committed only
 * when the work succeeds (a thrown error rolls them back, as the real one does).
 */
export class FakeUnitOfWork {
  /** Events of the units of work that committed, in order. */
  readonly committed: DomainEvent[] = [];
  /** The stand-in transaction: the fake repositories ignore it; ShortCodeService opens savepoints on it. */
  readonly tx: EntityManager;

  constructor(private readonly handlers: Partial<Record<DomainEventType, FakeHandler>> = {}) {
    const tx = { transactional: <T>(work: (inner: EntityManager) => Promise<T>) => work(this.tx) };
    // Only transactional() is ever called on it: the repositories it is passed to are fakes.
    this.tx = tx as unknown as EntityManager;
  }

  async run<T>(work: (tx: EntityManager, raise: Raise) => Promise<T>): Promise<T> {
    const raised: DomainEvent[] = [];
    const raise: Raise = async (event) => {
      raised.push(event);
      await this.handlers[event.type]?.(event, this.tx, raise);
    };
    const value = await work(this.tx, raise);
    this.committed.push(...raised);
    return value;
  }

  /** This fake where a handler's constructor wants the UnitOfWork (only run() is used). */
  asUnitOfWork(): UnitOfWork {
    return this as unknown as UnitOfWork;
  }
}
