import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { FIRST_VENUE_ID, visitDescription } from '@nocturne/domain';
import type { DomainEvent } from '@nocturne/queues';
import {
  HandlesInTransaction,
  type InTransactionHandler,
  type Raise,
} from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerService } from './ledger.service.js';

/**
 * Pays a visit's points (what the door decided: POINTS_PER_VISIT multiplied by the member's tier
 * and the running promotion, 0 while visit points are off) in
 * the visit's own transaction, so the card holder's balance is right when door mode answers. The
 * source is the club night: a member is paid for visiting at most once a night, whatever happens
 * to the visit row. The history line names the night: "Visit: Fri 28 Nov". A visit at another
 * venue of the group the same night (within the group's cap) is its own source: the night and the
 * venue; the first venue's source stays the night alone, as it was before venues.
 */
function visitSource(night: string, venueId: number | undefined): string {
  return venueId === undefined || venueId === FIRST_VENUE_ID ? night : `${night}@venue-${venueId}`;
}

@Injectable()
@HandlesInTransaction('MemberVisited')
export class CreditPointsWhenMemberVisitedHandler implements InTransactionHandler<'MemberVisited'> {
  constructor(private readonly ledger: LedgerService) {}

  async handle(event: DomainEvent<'MemberVisited'>, tx: EntityManager, raise: Raise): Promise<void> {
    const { memberId, venueId, night, points, earning } = event.payload;
    if (points <= 0) return;
    await this.ledger.credit(
      tx,
      {
        memberId,
        points,
        kind: 'visit',
        description: visitDescription(night),
        sourceType: 'club_night',
        sourceId: visitSource(night, venueId),
        earning: earning ?? undefined,
      },
      raise,
    );
  }
}
