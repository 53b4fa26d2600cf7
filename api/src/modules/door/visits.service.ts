import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { clubNightOf } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { DoorRepository } from './door.repository.js';

/** A visit as door mode reports it: the club night, whether this scan recorded it, and the points this scan paid. */
export interface VisitOutcome {
  night: string;
  recorded: boolean;
  points: number;
}

/**
 * Visits (PRODUCT.md §9): a member whose card is scanned at the door is there that club night,
 * once. The unique key on (member, night) decides between two staffers scanning the same card at
 * once; the first records the visit and raises MemberVisited, whose in-transaction handler pays
 * the visit points (POINTS_PER_VISIT) through the ledger.
 */
@Injectable()
export class Visits {
  constructor(
    private readonly repository: DoorRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async record(tx: EntityManager, raise: Raise, memberId: string, staffId: string): Promise<VisitOutcome> {
    // The transaction's clock, which also stamps the ledger row: the night and the row agree.
    const night = clubNightOf(await this.repository.clock(tx), this.config.VENUE_TZ);
    const points = this.config.POINTS_PER_VISIT;
    const visitId = await this.repository.insertVisit(tx, { memberId, night, staffId, points });
    if (visitId === undefined) return { night, recorded: false, points: 0 };
    await raise(domainEvent('MemberVisited', visitId, { visitId, memberId, night, points, staffId }));
    return { night, recorded: true, points };
  }
}
