import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AdminMemberQuery,
  AdminMemberView,
  endpoints,
  IdParams,
  PointsAdjustmentRequest,
  PointsAdjustmentResponse,
  SuccessResponse,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AdjustMemberPointsCommand } from './commands/adjust-member-points/adjust-member-points.command.js';
import { DisableMemberCommand } from './commands/disable-member/disable-member.command.js';
import { EnableMemberCommand } from './commands/enable-member/enable-member.command.js';
import { SendMemberPasswordResetCommand } from './commands/send-member-password-reset/send-member-password-reset.command.js';
import { GetAdminMemberQuery } from './queries/get-admin-member/get-admin-member.query.js';

type Params = z.infer<typeof IdParams>;

/** One member, opened from the admin's Members table: the view, and what staff may do to the account. */
@Controller()
export class AdminMemberController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.getAdminMember)
  view(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidParams() params: Params,
    @ValidQuery() query: AdminMemberQuery,
  ): Promise<AdminMemberView> {
    return this.queries.execute(new GetAdminMemberQuery(params.id, query.history, { id: staff.id, role: staff.role }));
  }

  @Endpoint(endpoints.adjustMemberPoints)
  adjustPoints(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() params: Params,
    @ValidBody() body: PointsAdjustmentRequest,
  ): Promise<PointsAdjustmentResponse> {
    return this.commands.execute(
      new AdjustMemberPointsCommand(params.id, admin.id, body.points, body.reason, body.countsTowardTier),
    );
  }

  @Endpoint(endpoints.sendMemberPasswordReset)
  sendPasswordReset(@ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new SendMemberPasswordResetCommand(params.id));
  }

  @Endpoint(endpoints.disableMember)
  disable(@CurrentMember() admin: AuthenticatedMember, @ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new DisableMemberCommand(params.id, admin.id, admin.role));
  }

  @Endpoint(endpoints.enableMember)
  enable(@CurrentMember() admin: AuthenticatedMember, @ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new EnableMemberCommand(params.id, admin.id, admin.role));
  }
}
