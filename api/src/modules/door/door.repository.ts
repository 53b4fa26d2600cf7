import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db, PreparedQuery } from '@nocturne/db';
import { type Kysely, sql } from 'kysely';
import { isoTimestamp } from '#common/timestamps.js';

/** A venue's night, 06:00 to 06:00 in its zone (clubNightBounds). */
export interface VenueNight {
  venueId: number;
  start: Date;
  end: Date;
}

export type CardHolder = NonNullable<Awaited<ReturnType<DoorRepository['findCardHolder']>>>;
export type StoredCard = NonNullable<Awaited<ReturnType<DoorRepository['findCardOf']>>>;

/** A member card with what the door may learn of its holder. */
function selectCardHolder(kysely: Kysely<Database>) {
  return kysely
    .selectFrom('member_cards as mc')
    .innerJoin('members as m', 'm.id', 'mc.member_id')
    .select(['mc.id', 'mc.short_code', 'm.id as member_id', 'm.first_name', 'm.member_tier', 'm.disabled_at', 'm.deleted_at']);
}

/* Each scan of a card runs one of these: compiled once (PreparedQuery). */
const cardHolderById = new PreparedQuery((kysely, cardId: string) => selectCardHolder(kysely).where('mc.id', '=', cardId));
const cardHolderByShortCode = new PreparedQuery((kysely, code: string) =>
  selectCardHolder(kysely).where('mc.short_code', '=', code),
);

const visitOf = new PreparedQuery((kysely, memberId: string, venueId: number, night: string) =>
  kysely
    .selectFrom('visits')
    .select(sql<number>`1`.as('found'))
    .where('member_id', '=', memberId)
    .where('venue_id', '=', venueId)
    .where('night', '=', night),
);

/**
 * Every query of the door module: members' cards, their visits, and what the door reads of a
 * card's holder. No rules here: the services and handlers decide.
 */
@Injectable()
export class DoorRepository {
  // ---- cards

  /** What the member's own card shows of them: names, tier and member since. */
  findCardFace(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['first_name', 'last_name', 'member_tier', 'created_at'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  findCardOf(em: EntityManager, memberId: string) {
    return db(em).selectFrom('member_cards').select(['id', 'short_code']).where('member_id', '=', memberId).executeTakeFirst();
  }

  findCardHolder(em: EntityManager, cardId: string) {
    return cardHolderById.first(em, cardId);
  }

  findCardHolderByShortCode(em: EntityManager, code: string) {
    return cardHolderByShortCode.first(em, code);
  }

  /**
   * Issues the member's card unless they have one (then nothing: the caller reads it). A short
   * code another card or a coupon holds is refused by the unique index or the namespace trigger.
   */
  async insertCard(em: EntityManager, card: { id: string; memberId: string; shortCode: string }): Promise<boolean> {
    try {
      const inserted = await db(em)
        .insertInto('member_cards')
        .values({ id: card.id, member_id: card.memberId, short_code: card.shortCode })
        .onConflict((conflict) => conflict.column('member_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    } catch (error) {
      throw error instanceof Error ? em.getDriver().convertException(error) : error;
    }
  }

  /** Replaces a card's short code if it still holds `replacing`; answers whether it did. */
  async storeCardShortCode(em: EntityManager, cardId: string, code: string, replacing: string): Promise<boolean> {
    try {
      const updated = await db(em)
        .updateTable('member_cards')
        .set({ short_code: code })
        .where('id', '=', cardId)
        .where('short_code', '=', replacing)
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    } catch (error) {
      throw error instanceof Error ? em.getDriver().convertException(error) : error;
    }
  }

  // ---- visits

  /** The transaction's clock, `now()`: the instant the visit's ledger row is stamped with. */
  async clock(em: EntityManager): Promise<Date> {
    const row = await db(em)
      .selectNoFrom(sql<string>`now()`.as('now'))
      .executeTakeFirstOrThrow();
    return new Date(isoTimestamp(row.now));
  }

  /** Whether the member's visit at the venue on a club night is already recorded (committed): visits_member_venue_night_unique. */
  async hasVisit(em: EntityManager, memberId: string, venueId: number, night: string): Promise<boolean> {
    return (await visitOf.first(em, memberId, venueId, night)) !== undefined;
  }

  /** Queues one member's visits until the transaction ends (the night's cap is counted one door at a time). */
  async lockMemberVisits(em: EntityManager, memberId: string): Promise<void> {
    const key = `visits:${memberId.toLowerCase()}`;
    await db(em)
      .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtextextended', [eb.val(key), eb.lit(0)])]).as('locked'))
      .execute();
  }

  /** The manager's cap on paying visits per member and night (club_settings); undefined: the default. */
  async visitPointsPerNight(em: EntityManager): Promise<number | undefined> {
    const row = await db(em).selectFrom('club_settings').select('visit_points_per_night').where('id', '=', 1).executeTakeFirst();
    return row?.visit_points_per_night ?? undefined;
  }

  /** How many of the member's visits on a club night paid points, at any venue. */
  async countPayingVisits(em: EntityManager, memberId: string, night: string): Promise<number> {
    const row = await db(em)
      .selectFrom('visits')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('member_id', '=', memberId)
      .where('night', '=', night)
      .where('points', '>', 0)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Records the visit unless the member already has one that night at the venue (the unique key decides); its id, or undefined. */
  async insertVisit(
    em: EntityManager,
    visit: { memberId: string; venueId: number; night: string; staffId: string; points: number },
  ) {
    const row = await db(em)
      .insertInto('visits')
      .values({
        member_id: visit.memberId,
        venue_id: visit.venueId,
        night: visit.night,
        recorded_by_id: visit.staffId,
        points: visit.points,
      })
      .onConflict((conflict) => conflict.columns(['member_id', 'venue_id', 'night']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** How many visits the staffer recorded on a club night at a venue. */
  async countVisitsBy(em: EntityManager, staffId: string, night: string, venueId: number): Promise<number> {
    const row = await db(em)
      .selectFrom('visits')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('recorded_by_id', '=', staffId)
      .where('night', '=', night)
      .where('venue_id', '=', venueId)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /**
   * The named doors' tallies, each in its venue's night (`nights`: one per venue, in its own zone;
   * `doorId`: that door only; archived doors only when named): redemptions accepted at each (undone
   * ones too), and members whose card it accepted (each once). One statement for every venue.
   */
  async doorTallies(
    em: EntityManager,
    nights: readonly VenueNight[],
    doorId: string | null = null,
  ): Promise<{ id: string; name: string; venueId: number; redemptions: number; cards: number }[]> {
    if (nights.length === 0) return [];
    // Parallel unnests in a select list are zipped: one row per night.
    const night = sql<{ venue_id: number; start_at: string; end_at: string }>`(select
      unnest(${sql.val(nights.map((each) => each.venueId))}::int[]) as venue_id,
      unnest(${sql.val(nights.map((each) => each.start.toISOString()))}::timestamptz[]) as start_at,
      unnest(${sql.val(nights.map((each) => each.end.toISOString()))}::timestamptz[]) as end_at)`;
    // Every night's span as values too: bounds taken from the unnest alone cannot be estimated, and
    // the planner read every scan ever made (389 ms at 500,000); with them, qr_scans_at_idx (2.3 ms).
    const earliest = new Date(Math.min(...nights.map((each) => each.start.getTime())));
    const latest = new Date(Math.max(...nights.map((each) => each.end.getTime())));
    return db(em)
      .selectFrom('door_devices as d')
      .innerJoin(night.as('n'), 'n.venue_id', 'd.venue_id')
      .leftJoin('qr_scans as q', (join) =>
        join
          .onRef('q.door_device_id', '=', 'd.id')
          .on('q.result', '=', 'accepted')
          .on('q.at', '>=', earliest.toISOString())
          .on('q.at', '<', latest.toISOString())
          .onRef('q.at', '>=', 'n.start_at')
          .onRef('q.at', '<', 'n.end_at'),
      )
      .select([
        'd.id',
        'd.name',
        'd.venue_id as venueId',
        sql<number>`(count(q.id) filter (where q.action = 'redeem'))::int`.as('redemptions'),
        sql<number>`(count(distinct q.member_id) filter (where q.action = 'validate' and q.user_coupon_id is null))::int`.as(
          'cards',
        ),
      ])
      .$if(doorId !== null, (query) => query.where('d.id', '=', doorId!))
      .$if(doorId === null, (query) => query.where('d.archived_at', 'is', null))
      .groupBy(['d.id', 'd.name', 'd.venue_id'])
      .orderBy('d.name')
      .execute();
  }
}
