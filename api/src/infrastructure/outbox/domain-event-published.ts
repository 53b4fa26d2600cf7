import type { DomainEvent } from '@nocturne/queues';

/** Published on the @nestjs/cqrs EventBus after the transaction that raised `event` commits. */
export class DomainEventPublished {
  constructor(readonly event: DomainEvent) {}
}
