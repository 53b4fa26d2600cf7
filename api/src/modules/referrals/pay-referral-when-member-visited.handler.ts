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
 * A member's card scanned at the door: if they joined through an invite still pending, this is
 * their first visit and the referral pays both members, in the visit's transaction.
 */
@Injectable()
@HandlesInTransaction('MemberVisited')
export class PayReferralWhenMemberVisitedHandler implements InTransactionHandler<'MemberVisited'> {
  constructor(private readonly referrals: Referrals) {}

  async handle(event: DomainEvent<'MemberVisited'>, tx: EntityManager, raise: Raise): Promise<void> {
    await this.referrals.payFirstVisit(tx, event.payload.memberId, raise);
  }
}
