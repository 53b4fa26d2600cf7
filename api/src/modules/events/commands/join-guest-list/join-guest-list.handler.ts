import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MyGuestListEntry } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { JoinGuestListCommand } from './join-guest-list.command.js';

@CommandHandler(JoinGuestListCommand)
export class JoinGuestListHandler implements ICommandHandler<JoinGuestListCommand, MyGuestListEntry> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly lists: GuestLists,
  ) {}

  async execute({ member, eventId, night, plusOnes }: JoinGuestListCommand): Promise<MyGuestListEntry> {
    // The event and its venue first, outside the transaction: inside it, every sign-up holds a connection.
    const found = await this.lists.listNight(this.em.fork(), eventId, night);
    return this.unitOfWork.run((tx) => this.lists.join(tx, member, found, night, plusOnes, new Date()));
  }
}
