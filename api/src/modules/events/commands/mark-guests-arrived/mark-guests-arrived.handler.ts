import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MarkArrivedResponse } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { GuestListAtDoor } from '#modules/events/guest-list-at-door.service.js';
import { MarkGuestsArrivedCommand } from './mark-guests-arrived.command.js';

@CommandHandler(MarkGuestsArrivedCommand)
export class MarkGuestsArrivedHandler implements ICommandHandler<MarkGuestsArrivedCommand, MarkArrivedResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly door: GuestListAtDoor,
  ) {}

  async execute({ entryId, count, staffId }: MarkGuestsArrivedCommand): Promise<MarkArrivedResponse> {
    const night = await this.door.tonightNight(new Date());
    return this.unitOfWork.run((tx) => this.door.markArrived(tx, entryId, count, staffId, night));
  }
}
