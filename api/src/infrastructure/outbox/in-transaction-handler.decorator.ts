import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventType } from '@nocturne/queues';

export const IN_TRANSACTION_HANDLER = 'nocturne:in-transaction-handler';

export type Raise = (event: DomainEvent) => Promise<void>;

/**
 * Reacts to a domain event inside the transaction that raised it (e.g. crediting the ledger),
 * so the effect commits or rolls back with the change itself.
 */
export interface InTransactionHandler<T extends DomainEventType = DomainEventType> {
  handle(event: DomainEvent<T>, tx: EntityManager, raise: Raise): Promise<void>;
}

export const HandlesInTransaction = (type: DomainEventType): ClassDecorator => SetMetadata(IN_TRANSACTION_HANDLER, type);
