import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AdminCoupon,
  AdminCouponListQuery,
  CreateCouponRequest,
  endpoints,
  IdParams,
  RedemptionParams,
  ScanLogPage,
  ScanLogQuery,
  UndoRedemptionResponse,
  UpdateCouponRequest,
} from '@nocturne/contracts';
import { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { CreateCouponCommand } from './commands/create-coupon/create-coupon.command.js';
import { DeleteCouponCommand } from './commands/delete-coupon/delete-coupon.command.js';
import { UndoRedemptionCommand } from './commands/undo-redemption/undo-redemption.command.js';
import { UpdateCouponCommand } from './commands/update-coupon/update-coupon.command.js';
import { ListAdminCouponsQuery } from './queries/list-admin-coupons/list-admin-coupons.query.js';
import { ListScansQuery } from './queries/list-scans/list-scans.query.js';

@Controller()
export class AdminCouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listAdminCoupons)
  list(@ValidQuery() query: z.infer<typeof AdminCouponListQuery>): Promise<AdminCoupon[]> {
    return this.queries.execute(new ListAdminCouponsQuery(query.includeArchived));
  }

  @Endpoint(endpoints.createCoupon)
  create(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: CreateCouponRequest): Promise<AdminCoupon> {
    return this.commands.execute(new CreateCouponCommand(body, admin.id));
  }

  @Endpoint(endpoints.updateCoupon)
  update(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidParams() params: z.infer<typeof IdParams>,
    @ValidBody() body: UpdateCouponRequest,
  ): Promise<AdminCoupon> {
    return this.commands.execute(new UpdateCouponCommand(params.id, body, staff.id));
  }

  @Endpoint(endpoints.deleteCoupon)
  remove(@CurrentMember() staff: AuthenticatedMember, @ValidParams() params: z.infer<typeof IdParams>): Promise<AdminCoupon> {
    return this.commands.execute(new DeleteCouponCommand(params.id, staff.id));
  }

  @Endpoint(endpoints.listScans)
  scans(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() query: z.infer<typeof ScanLogQuery>): Promise<ScanLogPage> {
    return this.queries.execute(new ListScansQuery(query.limit, query.cursor, { id: staff.id, role: staff.role }, query.venueId));
  }

  @Endpoint(endpoints.undoRedemption)
  undo(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() params: z.infer<typeof RedemptionParams>,
  ): Promise<UndoRedemptionResponse> {
    return this.commands.execute(new UndoRedemptionCommand(admin.id, params.userCouponId, admin.role));
  }
}
