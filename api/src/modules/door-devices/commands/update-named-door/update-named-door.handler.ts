import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NamedDoor } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { DoorDevicesFailure } from '#modules/door-devices/door-devices-failure.js';
import { DoorDevicesRepository } from '#modules/door-devices/door-devices.repository.js';
import { doorNameTaken, namedDoor, NO_SUCH_DOOR } from '#modules/door-devices/door-view.js';
import { UpdateNamedDoorCommand } from './update-named-door.command.js';

@CommandHandler(UpdateNamedDoorCommand)
export class UpdateNamedDoorHandler implements ICommandHandler<UpdateNamedDoorCommand, NamedDoor> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: DoorDevicesRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ id, change }: UpdateNamedDoorCommand): Promise<NamedDoor> {
    return this.unitOfWork.run(async (tx) => {
      const before = await this.repository.door(tx, id, true);
      if (!before) throw new DoorDevicesFailure('not_found', NO_SUCH_DOOR);
      if (change.name !== undefined && (await this.repository.nameTaken(tx, before.venue_id, change.name, id)))
        throw new DoorDevicesFailure('conflict', doorNameTaken(change.name, before.venue_name));
      await this.repository.update(tx, id, change);
      await this.audit.record(tx, {
        action: 'door_device.update',
        targetType: 'door_device',
        targetId: id,
        before: { door: before.name, archived: before.archived_at !== null },
        after: { door: change.name ?? before.name, archived: change.archived ?? before.archived_at !== null },
      });
      return namedDoor((await this.repository.door(tx, id))!);
    });
  }
}
