import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { addDays, auditChanges } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { auditFields, fieldsOf } from '#modules/events/event-slugs.js';
import { EVENT_NOT_FOUND, EventViews } from '#modules/events/event-views.js';
import { EventsFailure } from '#modules/events/events-failure.js';
import { type EventFields, EventsRepository } from '#modules/events/events.repository.js';
import { GuestListsRepository } from '#modules/events/guest-lists.repository.js';
import { UpdateEventCommand } from './update-event.command.js';

@CommandHandler(UpdateEventCommand)
export class UpdateEventHandler implements ICommandHandler<UpdateEventCommand, EventView> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: EventsRepository,
    private readonly guestLists: GuestListsRepository,
    private readonly views: EventViews,
    private readonly audit: AuditService,
  ) {}

  async execute({ id, input, manager }: UpdateEventCommand): Promise<EventView> {
    // Read before the transaction, so it waits on no second connection. No venue named: it stays where it is.
    const em = this.em.fork();
    const current = await this.repository.eventById(em, id);
    if (!current) throw new EventsFailure('not_found', EVENT_NOT_FOUND);
    const fields = await this.views.checked(input, await this.views.venueFor(em, manager, input.venueId, current.venue_id));
    await this.unitOfWork.run(async (tx, raise) => {
      const before = await this.repository.eventById(tx, id);
      if (!before || !(await this.repository.updateEvent(tx, id, fields))) throw new EventsFailure('not_found', EVENT_NOT_FOUND);
      const changes = auditChanges(auditFields(fieldsOf(before)), auditFields(fields));
      await this.audit.record(tx, { action: 'event.update', targetType: 'event', targetId: id, ...changes });
      if (cardLine(fieldsOf(before)) !== cardLine(fields)) {
        // From yesterday's date: tonight, in whichever zone the venue is, and every night after it.
        const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
        const memberIds = await this.guestLists.membersListedFrom(tx, id, yesterday);
        if (memberIds.length > 0) await raise(domainEvent('GuestListNightsChanged', id, { eventId: id, memberIds }));
      }
    });
    return this.views.find(this.em.fork(), id);
  }
}

/** What a listed member's Wallet card says of the event's nights (wallet.repository's guest-list line). */
function cardLine(fields: EventFields): string {
  return JSON.stringify([fields.status, fields.venueId, fields.doorsOpen, fields.lastEntry, fields.listFreeUntil]);
}
