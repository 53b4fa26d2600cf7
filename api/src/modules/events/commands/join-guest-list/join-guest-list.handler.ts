import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MyGuestListEntry } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { domainEvent } from '@nocturne/queues';
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

  async execute({ memberId, eventId, night, plusOnes }: JoinGuestListCommand): Promise<MyGuestListEntry> {
    // The event and its venue first, outside the transaction: inside it, every sign-up holds a connection.
    const found = await this.lists.listNight(this.em.fork(), eventId, night);
    return this.unitOfWork.run(async (tx, raise) => {
      const entry = await this.lists.join(tx, memberId, found, night, plusOnes, new Date());
      // The member's Wallet card shows their nearest coming night on a list.
      await raise(domainEvent('GuestListJoined', entry.id, { entryId: entry.id, memberId, eventId: found.row.id, night }));
      return entry;
    });
  }
}
