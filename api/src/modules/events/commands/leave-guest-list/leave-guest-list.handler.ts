import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { LeaveGuestListCommand } from './leave-guest-list.command.js';

@CommandHandler(LeaveGuestListCommand)
export class LeaveGuestListHandler implements ICommandHandler<LeaveGuestListCommand, SuccessResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly lists: GuestLists,
  ) {}

  async execute({ memberId, eventId, night }: LeaveGuestListCommand): Promise<SuccessResponse> {
    const found = await this.lists.listNight(this.em.fork(), eventId, night);
    await this.unitOfWork.run(async (tx, raise) => {
      await this.lists.leave(tx, memberId, found, night, new Date());
      await raise(domainEvent('GuestListLeft', found.row.id, { memberId, eventId: found.row.id, night }));
    });
    return { success: true, message: 'You are off the list' };
  }
}
