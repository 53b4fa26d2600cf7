import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AdminCoupon,
  AdminCouponListQuery,
  CreateCouponRequest,
  IdParams,
  RedemptionParams,
  ScanLogPage,
  ScanLogQuery,
  UndoRedemptionResponse,
  UpdateCouponRequest,
} from '@nocturne/contracts';
import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CreateCouponCommand } from './commands/create-coupon/create-coupon.command.js';
import { DeleteCouponCommand } from './commands/delete-coupon/delete-coupon.command.js';
import { UndoRedemptionCommand } from './commands/undo-redemption/undo-redemption.command.js';
import { UpdateCouponCommand } from './commands/update-coupon/update-coupon.command.js';
import { ListAdminCouponsQuery } from './queries/list-admin-coupons/list-admin-coupons.query.js';
import { ListScansQuery } from './queries/list-scans/list-scans.query.js';

@Controller('admin')
export class AdminCouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('coupons')
  @Endpoint({
    summary: 'Every coupon with its claimed, redeemed and remaining counts',
    auth: 'admin',
    conditional: { scopes: ['coupons'], everySeconds: 60 },
    tags: ['admin', 'coupons'],
    query: AdminCouponListQuery,
    response: z.array(AdminCoupon),
  })
  list(@ValidQuery() query: z.infer<typeof AdminCouponListQuery>): Promise<AdminCoupon[]> {
    return this.queries.execute(new ListAdminCouponsQuery(query.includeArchived));
  }

  @Post('coupons')
  @Endpoint({
    summary: 'Create a coupon',
    auth: 'admin',
    tags: ['admin', 'coupons'],
    body: CreateCouponRequest,
    response: AdminCoupon,
    status: 201,
    errors: { 409: 'A coupon with this code already exists' },
  })
  create(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: CreateCouponRequest): Promise<AdminCoupon> {
    return this.commands.execute(new CreateCouponCommand(body, admin.id));
  }

  @Patch('coupons/:id')
  @Endpoint({
    summary: 'Edit a coupon: any of its fields, and isActive (an inactive coupon is not offered, claimed or redeemed)',
    auth: 'admin',
    tags: ['admin', 'coupons'],
    params: IdParams,
    body: UpdateCouponRequest,
    response: AdminCoupon,
    errors: { 404: 'Coupon not found (or archived)', 409: 'A coupon with this code already exists' },
  })
  update(@ValidParams() params: z.infer<typeof IdParams>, @ValidBody() body: UpdateCouponRequest): Promise<AdminCoupon> {
    return this.commands.execute(new UpdateCouponCommand(params.id, body));
  }

  @Delete('coupons/:id')
  @Endpoint({
    summary: 'Delete a coupon, or archive it when members hold it',
    auth: 'admin',
    tags: ['admin', 'coupons'],
    params: IdParams,
    response: AdminCoupon,
    errors: { 404: 'Coupon not found' },
  })
  remove(@ValidParams() params: z.infer<typeof IdParams>): Promise<AdminCoupon> {
    return this.commands.execute(new DeleteCouponCommand(params.id));
  }

  @Get('scans')
  @Endpoint({
    summary: 'The QR scan log, newest first',
    auth: 'admin',
    tags: ['admin', 'qr'],
    query: ScanLogQuery,
    response: ScanLogPage,
    conditional: { scopes: ['qr_scans', 'coupons', 'member_names'] },
  })
  scans(@ValidQuery() query: z.infer<typeof ScanLogQuery>): Promise<ScanLogPage> {
    return this.queries.execute(new ListScansQuery(query.limit, query.cursor));
  }

  @Post('redemptions/:userCouponId/undo')
  @Endpoint({
    summary: `Undo a redemption made less than ${REDEMPTION_UNDO_MINUTES} minutes ago: the coupon is claimed again (logged)`,
    auth: 'admin',
    tags: ['admin', 'qr'],
    params: RedemptionParams,
    response: UndoRedemptionResponse,
    errors: { 404: 'Coupon not found', 409: `Not redeemed, or redeemed more than ${REDEMPTION_UNDO_MINUTES} minutes ago` },
  })
  undo(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() params: z.infer<typeof RedemptionParams>,
  ): Promise<UndoRedemptionResponse> {
    return this.commands.execute(new UndoRedemptionCommand(admin.id, params.userCouponId));
  }
}
