import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NamedDoor } from '@nocturne/contracts';
import { FIRST_VENUE_ID } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { DoorDevicesFailure } from '#modules/door-devices/door-devices-failure.js';
import { DoorDevicesRepository } from '#modules/door-devices/door-devices.repository.js';
import { doorNameTaken, namedDoor } from '#modules/door-devices/door-view.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { CreateNamedDoorCommand } from './create-named-door.command.js';

@CommandHandler(CreateNamedDoorCommand)
export class CreateNamedDoorHandler implements ICommandHandler<CreateNamedDoorCommand, NamedDoor> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: DoorDevicesRepository,
    private readonly venues: VenueDirectory,
    private readonly audit: AuditService,
  ) {}

  async execute({ name, venueId }: CreateNamedDoorCommand): Promise<NamedDoor> {
    const venue = await this.venues.get(venueId ?? FIRST_VENUE_ID);
    if (!venue || venue.archived) throw new DoorDevicesFailure('not_found', 'No such venue.');
    return this.unitOfWork.run(async (tx) => {
      if (await this.repository.nameTaken(tx, venue.id, name, null))
        throw new DoorDevicesFailure('conflict', doorNameTaken(name, venue.name));
      const id = await this.repository.create(tx, venue.id, name);
      await this.audit.record(tx, {
        action: 'door_device.create',
        targetType: 'door_device',
        targetId: id,
        after: { door: name, venueId: venue.id },
      });
      return namedDoor((await this.repository.door(tx, id))!);
    });
  }
}
