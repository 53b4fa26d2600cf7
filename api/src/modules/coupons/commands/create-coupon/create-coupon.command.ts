import { Command } from '@nestjs/cqrs';
import type { AdminCoupon, CreateCouponRequest } from '@nocturne/contracts';

export class CreateCouponCommand extends Command<AdminCoupon> {
  constructor(
    readonly input: CreateCouponRequest,
    readonly adminId: string,
  ) {
    super();
  }
}
