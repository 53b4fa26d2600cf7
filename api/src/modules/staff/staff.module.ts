import { Module } from '@nestjs/common';
import { ChangeStaffRoleHandler } from './commands/change-staff-role/change-staff-role.handler.js';
import { SetStaffVenuesHandler } from './commands/set-staff-venues/set-staff-venues.handler.js';
import { InviteStaffHandler } from './commands/invite-staff/invite-staff.handler.js';
import { ListStaffHandler } from './queries/list-staff/list-staff.handler.js';
import { StaffController } from './staff.controller.js';
import { StaffRepository } from './staff.repository.js';

/** Staff accounts and their roles: the admin's Staff screen (PRODUCT.md §6). */
@Module({
  controllers: [StaffController],
  providers: [StaffRepository, ListStaffHandler, InviteStaffHandler, ChangeStaffRoleHandler, SetStaffVenuesHandler],
})
export class StaffModule {}
