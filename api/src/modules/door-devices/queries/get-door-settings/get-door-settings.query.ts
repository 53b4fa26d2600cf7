import { Query } from '@nestjs/cqrs';
import type { DoorSettings } from '@nocturne/contracts';

/** The door settings a manager sets. */
export class GetDoorSettingsQuery extends Query<DoorSettings> {}
