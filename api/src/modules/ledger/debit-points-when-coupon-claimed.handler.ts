import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@nocturne/queues';
import { HandlesInTransaction, type InTransactionHandler } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';

/**
 * Pays for a claimed coupon in the claim's own transaction: the debit and the claim commit
 * together, and the ledger's refusal to go below zero (InsufficientPointsError) rolls the claim
 * back; the claim turns that refusal into its 'Not enough points' answer.
 */
@Injectable()
@HandlesInTransaction('CouponClaimed')
export class DebitPointsWhenCouponClaimedHandler implements InTransactionHandler<'CouponClaimed'> {
  constructor(
    private readonly ledger: LedgerService,
    private readonly rows: LedgerRepository,
  ) {}

  async handle(event: DomainEvent<'CouponClaimed'>, tx: EntityManager): Promise<void> {
    const { userCouponId, memberId, couponId } = event.payload;
    const coupon = await this.rows.couponPrice(tx, couponId);
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
