import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@nocturne/queues';
import { HandlesInTransaction, type InTransactionHandler } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerService } from './ledger.service.js';

/**
 * Pays for a claimed coupon in the claim's own transaction: the debit and the claim commit
 * together, and the ledger's refusal to go below zero (InsufficientPointsError) rolls the claim
 * back; the claim turns that refusal into its 'Not enough points' answer. The price and title are
 * the event's, as the claim took them: an edit of the coupon since cannot change what is paid.
 */
@Injectable()
@HandlesInTransaction('CouponClaimed')
export class DebitPointsWhenCouponClaimedHandler implements InTransactionHandler<'CouponClaimed'> {
  constructor(private readonly ledger: LedgerService) {}

  async handle(event: DomainEvent<'CouponClaimed'>, tx: EntityManager): Promise<void> {
    const { userCouponId, memberId, pointsCost, title } = event.payload;
    if (pointsCost <= 0) return;
    await this.ledger.debit(tx, {
      memberId,
      points: -pointsCost,
      kind: 'coupon_claim',
      description: `Claimed: ${title}`,
      sourceType: 'user_coupon',
      sourceId: userCouponId,
    });
  }
}
