import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { clubNightOf, FIRST_VENUE_ID, VISIT_POINTS_PER_NIGHT_DEFAULT } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import { LedgerService } from '../ledger/ledger.public.js';
import { DoorRepository } from './door.repository.js';

/**
 * A visit as door mode reports it: the club night, whether this scan recorded it, the points this
 * scan paid, and whether the group's cap on paying visits a night left it unpaid.
 */
export interface VisitOutcome {
  night: string;
  recorded: boolean;
  points: number;
  capped: boolean;
  /** The group's number of paying visits a member has a night (the cap the door names). */
  perNight: number;
}

/**
 * Visits (PRODUCT.md §9, §Venues): a member whose card is scanned at a venue's door is there that
 * club night (in the venue's own zone), once per venue. The unique key on (member, venue, night)
 * decides between two staffers scanning the same card at once; the first records the visit and
 * raises MemberVisited, whose in-transaction handler pays the visit points (POINTS_PER_VISIT,
 * multiplied by the member's tier and the running promotion) through the ledger. A member's
 * visits at other venues the same night pay too, up to the group's cap a manager sets (default 1);
 * past it the visit is recorded with 0 points. The member's lock queues their visits at several
 * doors, so the cap is counted once at a time.
 */
@Injectable()
export class Visits {
  constructor(
    private readonly repository: DoorRepository,
    private readonly ledger: LedgerService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async record(tx: EntityManager, raise: Raise, memberId: string, staffId: string, venue: VenueRecord): Promise<VisitOutcome> {
    // The transaction's clock, which also stamps the ledger row: the night and the row agree.
    const night = clubNightOf(await this.repository.clock(tx), venue.timeZone);
    const perNight = (await this.repository.visitPointsPerNight(tx)) ?? VISIT_POINTS_PER_NIGHT_DEFAULT;
    // Every scan after a night's first finds the visit committed and has nothing to record: it
    // answers without queueing on the member's lock behind another door's scan of the same card.
    if (await this.repository.hasVisit(tx, memberId, venue.id, night))
      return { night, recorded: false, points: 0, capped: false, perNight };
    await this.repository.lockMemberVisits(tx, memberId);
    const base = this.config.POINTS_PER_VISIT;
    const paying = base > 0 ? await this.repository.countPayingVisits(tx, memberId, night) : 0;
    const capped = base > 0 && paying >= perNight;
    // The member's tier and tonight's promotion multiply the visit's points (PRODUCT.md §2.5 Tiers).
    const earning = base > 0 && !capped ? await this.ledger.quote(tx, memberId, 'visit', base, venue.timeZone, venue.id) : null;
    const points = earning?.points ?? 0;
    const visitId = await this.repository.insertVisit(tx, { memberId, venueId: venue.id, night, staffId, points });
    if (visitId === undefined) return { night, recorded: false, points: 0, capped: false, perNight };
    await raise(
      domainEvent('MemberVisited', visitId, {
        visitId,
        memberId,
        // The first venue's visits read as before venues: no venue named.
        ...(venue.id === FIRST_VENUE_ID ? {} : { venueId: venue.id }),
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
    return { night, recorded: true, points, capped, perNight };
  }
}
