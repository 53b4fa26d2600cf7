import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { clubNightOf } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerService } from '../ledger/ledger.public.js';
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
 * the visit points (POINTS_PER_VISIT, multiplied by the member's tier and the running promotion)
 * through the ledger.
 */
@Injectable()
export class Visits {
  constructor(
    private readonly repository: DoorRepository,
    private readonly ledger: LedgerService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async record(tx: EntityManager, raise: Raise, memberId: string, staffId: string): Promise<VisitOutcome> {
    // The transaction's clock, which also stamps the ledger row: the night and the row agree.
    const night = clubNightOf(await this.repository.clock(tx), this.config.VENUE_TZ);
    // The member's tier and tonight's promotion multiply the visit's points (PRODUCT.md §2.5 Tiers).
    const base = this.config.POINTS_PER_VISIT;
    const earning = base > 0 ? await this.ledger.quote(tx, memberId, 'visit', base, this.config.VENUE_TZ) : null;
    const points = earning?.points ?? 0;
    const visitId = await this.repository.insertVisit(tx, { memberId, night, staffId, points });
    if (visitId === undefined) return { night, recorded: false, points: 0 };
    await raise(
      domainEvent('MemberVisited', visitId, {
        visitId,
        memberId,
        night,
        points,
        staffId,
        earning: earning && {
          basePoints: earning.basePoints,
          tierMultiplier: earning.tierMultiplier,
          promotionMultiplier: earning.promotionMultiplier,
          promotionId: earning.promotionId,
        },
      }),
    );
    return { night, recorded: true, points };
  }
}
