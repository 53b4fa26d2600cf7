import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@nocturne/queues';
import {
  HandlesInTransaction,
  type InTransactionHandler,
  type Raise,
} from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { Referrals } from './referrals.service.js';

/**
 * A coupon redeemed by door staff is a visit too (the member was at the door): a pending referral
 * pays both members. A member's own Redeem Now proves no visit, so it pays nothing.
 */
@Injectable()
@HandlesInTransaction('CouponRedeemed')
export class PayReferralWhenCouponRedeemedHandler implements InTransactionHandler<'CouponRedeemed'> {
  constructor(private readonly referrals: Referrals) {}

  async handle(event: DomainEvent<'CouponRedeemed'>, tx: EntityManager, raise: Raise): Promise<void> {
    if (event.payload.by !== 'staff') return;
    await this.referrals.payFirstVisit(tx, event.payload.memberId, raise);
  }
}
