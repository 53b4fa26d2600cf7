import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { GuestListsRepository } from '#modules/events/guest-lists.repository.js';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { CloseGuestListCommand } from './close-guest-list.command.js';

@CommandHandler(CloseGuestListCommand)
export class CloseGuestListHandler implements ICommandHandler<CloseGuestListCommand, GuestListView> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: GuestListsRepository,
    private readonly lists: GuestLists,
    private readonly audit: AuditService,
  ) {}

  async execute({ eventId, night, staff }: CloseGuestListCommand): Promise<GuestListView> {
    await this.lists.staffNight(this.em.fork(), staff, eventId, night);
    await this.unitOfWork.run(async (tx) => {
      await this.repository.closeList(tx, eventId, night, staff.id);
      await this.audit.record(tx, { action: 'guest_list.close', targetType: 'event', targetId: eventId, after: { night } });
    });
    return this.lists.staffView(this.em.fork(), eventId, night, new Date());
  }
}
