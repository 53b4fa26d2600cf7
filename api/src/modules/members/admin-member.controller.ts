import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AdminMemberQuery,
  AdminMemberView,
  IdParams,
  PointsAdjustmentRequest,
  PointsAdjustmentResponse,
  SuccessResponse,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AdjustMemberPointsCommand } from './commands/adjust-member-points/adjust-member-points.command.js';
import { DisableMemberCommand } from './commands/disable-member/disable-member.command.js';
import { EnableMemberCommand } from './commands/enable-member/enable-member.command.js';
import { SendMemberPasswordResetCommand } from './commands/send-member-password-reset/send-member-password-reset.command.js';
import { GetAdminMemberQuery } from './queries/get-admin-member/get-admin-member.query.js';

type Params = z.infer<typeof IdParams>;

/** One member, opened from the admin's Members table: the view, and what staff may do to the account. */
@Controller('admin/members')
export class AdminMemberController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id')
  @Endpoint({
    summary: "A member's profile, account state, points history, coupons with their states and door scans",
    auth: 'admin',
    tags: ['admin'],
    params: IdParams,
    query: AdminMemberQuery,
    response: AdminMemberView,
    errors: { 404: 'No such member (or the account was deleted)' },
    // Coupons expire with time: the answer also changes each minute.
    conditional: { scopes: ['members', 'point_transactions', 'user_coupons', 'coupons', 'qr_scans'], everySeconds: 60 },
  })
  view(@ValidParams() params: Params, @ValidQuery() query: AdminMemberQuery): Promise<AdminMemberView> {
    return this.queries.execute(new GetAdminMemberQuery(params.id, query.history));
  }

  @Post(':id/points-adjustments')
  @Endpoint({
    summary: "Add or take points with a reason (the member's history shows it); never below zero",
    auth: 'admin',
    tags: ['admin'],
    params: IdParams,
    body: PointsAdjustmentRequest,
    response: PointsAdjustmentResponse,
    status: 201,
    errors: { 400: 'No reason, zero or too many points, or more taken than the balance holds', 404: 'No such member' },
  })
  adjustPoints(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() params: Params,
    @ValidBody() body: PointsAdjustmentRequest,
  ): Promise<PointsAdjustmentResponse> {
    return this.commands.execute(new AdjustMemberPointsCommand(params.id, admin.id, body.points, body.reason));
  }

  @Post(':id/password-reset')
  @Endpoint({
    summary: 'E-mail the member a one-time password reset link (as forgot-password does)',
    auth: 'admin',
    tags: ['admin'],
    params: IdParams,
    response: SuccessResponse,
    status: 202,
    errors: { 404: 'No such member', 429: 'Three reset e-mails were sent to this member in the last hour' },
  })
  sendPasswordReset(@ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new SendMemberPasswordResetCommand(params.id));
  }

  @Post(':id/disable')
  @Endpoint({
    summary: 'Disable the account: every session ends at once and sign-in is refused',
    auth: 'admin',
    tags: ['admin'],
    params: IdParams,
    response: SuccessResponse,
    errors: { 403: 'Admins cannot disable themselves', 404: 'No such member', 409: 'The last admin cannot be disabled' },
  })
  disable(@CurrentMember() admin: AuthenticatedMember, @ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new DisableMemberCommand(params.id, admin.id));
  }

  @Post(':id/enable')
  @Endpoint({
    summary: 'Enable a disabled account: the member can sign in again',
    auth: 'admin',
    tags: ['admin'],
    params: IdParams,
    response: SuccessResponse,
    errors: { 404: 'No such member' },
  })
  enable(@CurrentMember() admin: AuthenticatedMember, @ValidParams() params: Params): Promise<SuccessResponse> {
    return this.commands.execute(new EnableMemberCommand(params.id, admin.id));
  }
}
