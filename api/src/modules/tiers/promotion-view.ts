import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PromotionView, SavePromotionRequest } from '@nocturne/contracts';
import { activePromotion, clubNightOf, multiplierWords, parseMultiplier, promotionScheduleProblem } from '@nocturne/domain';
import { promotionSchedule, promotionsOnNight } from '@nocturne/ledger';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { TiersFailure } from './tiers-failure.js';
import { type PromotionFields, type PromotionRow, TiersRepository } from './tiers.repository.js';

export const PROMOTION_NOT_FOUND = 'No such promotion';

/** The request as the table takes it, or a 400 naming the field. */
export function checkedPromotion(body: SavePromotionRequest): PromotionFields {
  const multiplier = parseMultiplier(body.multiplier);
  if (multiplier === null) {
    const message = 'Must be a number from 1.00 to 5.00 with at most two decimals';
    throw new TiersFailure('invalid', message, { issues: [{ path: 'multiplier', message }] });
  }
  const problem = promotionScheduleProblem(body);
  if (problem) throw new TiersFailure('invalid', problem.message, { issues: [problem] });
  return { name: body.name, multiplier, startsOn: body.startsOn, endsOn: body.endsOn, weekdays: body.weekdays };
}

/**
 * Promotions as the manager's list shows them, and the one running tonight: which one applies to
 * an entry is the ledger's (`Ledger.quote`), by the same rule (`activePromotion`: the highest
 * multiplier of those running that club night).
 */
@Injectable()
export class PromotionViews {
  constructor(
    private readonly repository: TiersRepository,
    private readonly venues: VenueDirectory,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  /** A promotion's chosen venues, each known and open, or a 400 naming the first that is not. */
  async checkedVenues(venueIds: readonly number[]): Promise<number[]> {
    const ids = [...new Set(venueIds)].sort((a, b) => a - b);
    for (const id of ids) {
      const venue = await this.venues.get(id);
      const message = !venue ? `No venue ${id}` : venue.archived ? `${venue.name} is archived` : null;
      if (message) throw new TiersFailure('invalid', message, { issues: [{ path: 'venueIds', message }] });
    }
    return ids;
  }

  async find(em: EntityManager, id: string): Promise<PromotionView> {
    const row = await this.repository.promotion(em, id);
    if (!row) throw new TiersFailure('not_found', PROMOTION_NOT_FOUND);
    return this.view(row, await this.tonightId(em));
  }

  /** The promotion that applies tonight (the highest of those covering the night), as the ledger picks it. */
  async runningTonight(em: EntityManager) {
    const now = new Date();
    const night = clubNightOf(now, this.config.VENUE_TZ);
    return activePromotion(await promotionsOnNight(em, night), now, this.config.VENUE_TZ);
  }

  async tonightId(em: EntityManager): Promise<string | null> {
    return (await this.runningTonight(em))?.id ?? null;
  }

  view(row: PromotionRow, tonightId: string | null): PromotionView {
    return {
      ...promotionSchedule(row),
      weekdays: row.weekdays,
      multiplierText: multiplierWords(row.multiplier),
      appliesTonight: row.id === tonightId,
      hasPaid: Boolean(row.has_paid),
      ...(row.venue_ids.length > 0 ? { venueIds: row.venue_ids.map(Number) } : {}),
    };
  }
}
