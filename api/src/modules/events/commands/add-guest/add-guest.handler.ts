import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { EventsFailure } from '#modules/events/events-failure.js';
import { GuestListsRepository } from '#modules/events/guest-lists.repository.js';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { AddGuestCommand } from './add-guest.command.js';

@CommandHandler(AddGuestCommand)
export class AddGuestHandler implements ICommandHandler<AddGuestCommand, GuestListView> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: GuestListsRepository,
    private readonly lists: GuestLists,
    private readonly audit: AuditService,
  ) {}

  async execute({ eventId, night, guest, staff }: AddGuestCommand): Promise<GuestListView> {
    const { capacity } = await this.lists.staffNight(this.em.fork(), staff, eventId, night);
    await this.unitOfWork.run(async (tx) => {
      await this.repository.lockList(tx, eventId, night);
      const left = capacity - (await this.repository.placesTaken(tx, eventId, night));
      if (left < 1 + guest.plusOnes)
        throw new EventsFailure(
          'conflict',
          left <= 0 ? 'The guest list is full' : `Only ${left} place${left === 1 ? '' : 's'} left on the list`,
        );
      const id = await this.repository.insertEntry(tx, {
        eventId,
        night,
        memberId: null,
        guestName: guest.name,
        guestEmail: guest.email,
        plusOnes: guest.plusOnes,
        addedBy: staff.id,
      });
      await this.audit.record(tx, {
        action: 'guest_list.add',
        targetType: 'event',
        targetId: eventId,
        after: { night, entryId: id, plusOnes: guest.plusOnes },
      });
    });
    return this.lists.staffView(this.em.fork(), eventId, night, new Date());
  }
}
