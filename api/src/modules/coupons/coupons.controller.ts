import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AvailableCoupon, IdParams, UserCoupon, UserCouponParams } from '@nocturne/contracts';
import { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidParams } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { ClaimCouponCommand } from './commands/claim-coupon/claim-coupon.command.js';
import { RedeemCouponCommand } from './commands/redeem-coupon/redeem-coupon.command.js';
import { ListAvailableCouponsQuery } from './queries/list-available-coupons/list-available-coupons.query.js';
import { ListMyCouponsQuery } from './queries/list-my-coupons/list-my-coupons.query.js';

@Controller('coupons')
export class CouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Endpoint({
    summary: 'Coupons the member can see, each saying whether they can claim it now',
    auth: 'member',
    // Coupons also leave the list by expiring: the clock is part of the answer, a minute at a time.
    conditional: { scopes: ['coupons', 'member:{me}'], everySeconds: 60 },
    tags: ['coupons'],
    response: z.array(AvailableCoupon),
  })
  available(@CurrentMember() member: AuthenticatedMember): Promise<AvailableCoupon[]> {
    return this.queries.execute(new ListAvailableCouponsQuery(member));
  }

  @Get('my')
  @Endpoint({
    summary: "The member's claimed coupons, newest first",
    auth: 'member',
    tags: ['coupons'],
    response: z.array(UserCoupon),
    conditional: { scopes: ['coupons', 'member:{me}'], everySeconds: 60 },
  })
  mine(@CurrentMember() member: AuthenticatedMember): Promise<UserCoupon[]> {
    return this.queries.execute(new ListMyCouponsQuery(member.id));
  }

  @Post(':id/claim')
  @Endpoint({
    summary: 'Claim a coupon, paying its points cost',
    auth: 'member',
    tags: ['coupons'],
    params: IdParams,
    response: UserCoupon,
    status: 201,
    errors: {
      403: 'This coupon requires a higher tier',
      404: 'Coupon not found',
      409: 'Not enough points, expired, paused, no longer available, already claimed or fully claimed',
    },
  })
  claim(@CurrentMember() member: AuthenticatedMember, @ValidParams() params: z.infer<typeof IdParams>): Promise<UserCoupon> {
    return this.commands.execute(new ClaimCouponCommand(member.id, params.id));
  }

  @Post('redeem/:userCouponId')
  @Endpoint({
    summary: 'Redeem one of your coupons yourself',
    auth: 'member',
    tags: ['coupons'],
    params: UserCouponParams,
    response: UserCoupon,
    errors: { 404: 'Coupon not found (or not yours)', 409: 'Already redeemed, expired, paused or no longer available' },
  })
  redeem(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() params: z.infer<typeof UserCouponParams>,
  ): Promise<UserCoupon> {
    return this.commands.execute(new RedeemCouponCommand(member.id, params.userCouponId));
  }
}
