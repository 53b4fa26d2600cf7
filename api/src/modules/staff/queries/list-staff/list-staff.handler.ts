import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StaffList } from '@nocturne/contracts';
import { StaffRepository } from '#modules/staff/staff.repository.js';
import { staffFromRow } from '#modules/staff/staff-view.js';
import { ListStaffQuery } from './list-staff.query.js';

@QueryHandler(ListStaffQuery)
export class ListStaffHandler implements IQueryHandler<ListStaffQuery, StaffList> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: StaffRepository,
  ) {}

  async execute(): Promise<StaffList> {
    const rows = await this.repository.listStaff(this.em);
    return { staff: rows.map(staffFromRow) };
  }
}
