import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ChangeStaffRoleRequest,
  endpoints,
  IdParams,
  InviteStaffRequest,
  InviteStaffResponse,
  SetStaffVenuesRequest,
  StaffList,
  SuccessResponse,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { ChangeStaffRoleCommand } from './commands/change-staff-role/change-staff-role.command.js';
import { InviteStaffCommand } from './commands/invite-staff/invite-staff.command.js';
import { SetStaffVenuesCommand } from './commands/set-staff-venues/set-staff-venues.command.js';
import { ListStaffQuery } from './queries/list-staff/list-staff.query.js';

type Params = z.infer<typeof IdParams>;

/** The admin's Staff screen: who is staff, invitations, role changes and removals (admins only). */
@Controller()
export class StaffController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listStaff)
  list(): Promise<StaffList> {
    return this.queries.execute(new ListStaffQuery());
  }

  @Endpoint(endpoints.inviteStaff)
  invite(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidBody() body: z.output<typeof InviteStaffRequest>,
  ): Promise<InviteStaffResponse> {
    return this.commands.execute(new InviteStaffCommand(body, admin.id));
  }

  @Endpoint(endpoints.changeStaffRole)
  changeRole(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() params: Params,
    @ValidBody() body: ChangeStaffRoleRequest,
  ): Promise<SuccessResponse> {
    return this.commands.execute(new ChangeStaffRoleCommand(params.id, body.role, admin.id));
  }

  @Endpoint(endpoints.setStaffVenues)
  setVenues(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() params: Params,
    @ValidBody() body: SetStaffVenuesRequest,
  ): Promise<SuccessResponse> {
    return this.commands.execute(new SetStaffVenuesCommand(params.id, body.venueIds, admin.id));
  }

  @Endpoint(endpoints.removeStaff)
  remove(@CurrentMember() admin: AuthenticatedMember, @ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new ChangeStaffRoleCommand(params.id, 'member', admin.id));
  }
}
