import { Query } from '@nestjs/cqrs';
import type { DoorConflicts } from '@nocturne/contracts';

/** Tonight's conflicts from offline doors. */
export class GetDoorConflictsQuery extends Query<DoorConflicts> {}
