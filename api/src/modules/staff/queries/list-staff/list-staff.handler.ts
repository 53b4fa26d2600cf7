import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StaffList } from '@nocturne/contracts';
import { StaffRepository } from '#modules/staff/staff.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { staffFromRow } from '#modules/staff/staff-view.js';
import { ListStaffQuery } from './list-staff.query.js';

@QueryHandler(ListStaffQuery)
export class ListStaffHandler implements IQueryHandler<ListStaffQuery, StaffList> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: StaffRepository,
    private readonly venues: StaffVenues,
  ) {}

  async execute(): Promise<StaffList> {
    const rows = await this.repository.listStaff(this.em);
    const grants = await this.venues.grantsOfMany(
      this.em,
      rows.map((row) => row.id),
    );
    // An admin works at every venue, whatever rows it kept from an earlier role.
    return { staff: rows.map((row) => staffFromRow(row, row.role === 'admin' ? [] : grants.get(row.id))) };
  }
}
