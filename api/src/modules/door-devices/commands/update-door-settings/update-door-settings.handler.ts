import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DoorSettings } from '@nocturne/contracts';
import { DOOR_DATA_STALE_MINUTES_DEFAULT } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { DoorDevicesRepository } from '#modules/door-devices/door-devices.repository.js';
import { UpdateDoorSettingsCommand } from './update-door-settings.command.js';

/**
 * How old an offline door's data may get before every verdict says so: kept in club_settings, sent
 * with tonight's door data (so a door reads it at its next poll), audited.
 */
@CommandHandler(UpdateDoorSettingsCommand)
export class UpdateDoorSettingsHandler implements ICommandHandler<UpdateDoorSettingsCommand, DoorSettings> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: DoorDevicesRepository,
    private readonly audit: AuditService,
  ) {}

  execute({ input, managerId }: UpdateDoorSettingsCommand): Promise<DoorSettings> {
    return this.unitOfWork.run(async (tx) => {
      const before = (await this.repository.staleMinutes(tx)) ?? DOOR_DATA_STALE_MINUTES_DEFAULT;
      await this.repository.saveStaleMinutes(tx, input.staleAfterMinutes, managerId);
      await this.audit.record(tx, {
        action: 'door.settings',
        targetType: 'club_settings',
        targetId: 'door',
        before: { staleAfterMinutes: before },
        after: { staleAfterMinutes: input.staleAfterMinutes },
      });
      return { staleAfterMinutes: input.staleAfterMinutes };
    });
  }
}
