import { Query } from '@nestjs/cqrs';
import type { DoorLockoutList } from '@nocturne/contracts';

/** The door phones (and door accounts) kept from typing codes now. */
export class ListDoorLockoutsQuery extends Query<DoorLockoutList> {}
