import { Query } from '@nestjs/cqrs';
import type { StaffList } from '@nocturne/contracts';

export class ListStaffQuery extends Query<StaffList> {}
