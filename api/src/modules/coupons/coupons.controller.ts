import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AvailableCoupon,
  endpoints,
  IdParams,
  MyCouponsPage,
  MyCouponsQuery,
  UserCoupon,
  UserCouponParams,
} from '@nocturne/contracts';
import { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { ClaimCouponCommand } from './commands/claim-coupon/claim-coupon.command.js';
import { RedeemCouponCommand } from './commands/redeem-coupon/redeem-coupon.command.js';
import { ListAvailableCouponsQuery } from './queries/list-available-coupons/list-available-coupons.query.js';
import { ListMyCouponsQuery } from './queries/list-my-coupons/list-my-coupons.query.js';

@Controller()
export class CouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listCoupons)
  available(@CurrentMember() member: AuthenticatedMember): Promise<AvailableCoupon[]> {
    return this.queries.execute(new ListAvailableCouponsQuery(member));
  }

  @Endpoint(endpoints.listMyCoupons)
  mine(@CurrentMember() member: AuthenticatedMember, @ValidQuery() page: MyCouponsQuery): Promise<MyCouponsPage> {
    return this.queries.execute(new ListMyCouponsQuery(member.id, page));
  }

  @Endpoint(endpoints.claimCoupon)
  claim(@CurrentMember() member: AuthenticatedMember, @ValidParams() params: z.infer<typeof IdParams>): Promise<UserCoupon> {
    return this.commands.execute(new ClaimCouponCommand(member.id, params.id));
  }

  @Endpoint(endpoints.redeemMyCoupon)
  redeem(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() params: z.infer<typeof UserCouponParams>,
  ): Promise<UserCoupon> {
    return this.commands.execute(new RedeemCouponCommand(member.id, params.userCouponId));
  }
}
