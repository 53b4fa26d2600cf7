import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@nocturne/queues';
import { HandlesInTransaction, type InTransactionHandler } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerService } from '../ledger/ledger.service.js';

/**
 * Pays for a claimed coupon in the claim's own transaction: the debit and the claim commit
 * together, and the ledger's refusal to go below zero rolls the claim back.
 */
@Injectable()
@HandlesInTransaction('CouponClaimed')
export class DebitPointsWhenCouponClaimedHandler implements InTransactionHandler<'CouponClaimed'> {
  constructor(private readonly ledger: LedgerService) {}

  async handle(event: DomainEvent<'CouponClaimed'>, tx: EntityManager): Promise<void> {
    const { userCouponId, memberId, couponId } = event.payload;
    const coupon = (await tx.execute<{ title: string; points_cost: number }[]>('select title, points_cost from coupons where id = ?', [couponId]))[0];
    if (!coupon || coupon.points_cost <= 0) return;
    await this.ledger.debit(tx, {
      memberId,
      points: -coupon.points_cost,
      kind: 'coupon_claim',
      description: `Claimed: ${coupon.title}`,
      sourceType: 'user_coupon',
      sourceId: userCouponId,
    });
  }
}
