import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { auditFields, freeSlug } from '#modules/events/event-slugs.js';
import { EventViews } from '#modules/events/event-views.js';
import { EventsRepository } from '#modules/events/events.repository.js';
import { CreateEventCommand } from './create-event.command.js';

@CommandHandler(CreateEventCommand)
export class CreateEventHandler implements ICommandHandler<CreateEventCommand, EventView> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: EventsRepository,
    private readonly views: EventViews,
    private readonly audit: AuditService,
  ) {}

  async execute({ input, manager }: CreateEventCommand): Promise<EventView> {
    const venueId = await this.views.venueFor(this.em.fork(), manager, input.venueId);
    const fields = await this.views.checked(input, venueId);
    const id = await this.unitOfWork.run(async (tx) => {
      const slug = await freeSlug(tx, this.repository, fields.title);
      const created = await this.repository.insertEvent(tx, fields, slug, manager.id);
      await this.audit.record(tx, { action: 'event.create', targetType: 'event', targetId: created, after: auditFields(fields) });
      return created;
    });
    return this.views.find(this.em.fork(), id);
  }
}
