import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** Counts and sums as the text PostgreSQL gives a bigint. */
const count = sql<string>`count(*)`;

/** What a night's figure row names (see nightActivity). */
export type NightFigure =
  'redemptions' | 'claims' | 'newMembers' | 'comments' | 'pointsIssued' | 'pointsSpent' | 'pointsWithdrawn';

/**
 * The overview's read model: figures across members, coupons, comments, the ledger and the inbox
 * (like the members module's admin figures, a read of other modules' tables that changes none).
 */
@Injectable()
export class OverviewRepository {
  /**
   * Every figure of consecutive club nights in one round trip. `bounds` are the nights' starts and
   * the last night's end (ISO instants, ascending): each table is read once over the whole range
   * (an index range scan on its time column) and its rows counted per night with width_bucket,
   * so a night of 23 or 25 hours is bucketed by its own instants. Rows: figure, bucket (1 = the
   * first night), n. `venueIds`: only redemptions at those venues (the other figures happen at no venue).
   */
  nightActivity(em: EntityManager, bounds: readonly string[], venueIds?: readonly number[]) {
    const k = db(em);
    const first = bounds[0]!;
    const last = bounds[bounds.length - 1]!;
    const bucket = (column: string) => sql<number>`width_bucket(${sql.ref(column)}, ${[...bounds]}::timestamptz[])`.as('bucket');
    const figure = (name: NightFigure) => sql<NightFigure>`${sql.lit(name)}::text`.as('figure');
    const byFigureAndNight = [sql.ref('figure'), sql.ref('bucket')];
    const redemptions = k
      .selectFrom('user_coupons')
      .select([figure('redemptions'), bucket('redeemed_at'), count.as('n')])
      .where('redeemed_at', '>=', first)
      .where('redeemed_at', '<', last)
      .$if(venueIds !== undefined, (qb) => qb.where('redeemed_venue_id', 'in', [...venueIds!]))
      .groupBy(byFigureAndNight);
    const claims = k
      .selectFrom('user_coupons')
      .select([figure('claims'), bucket('claimed_at'), count.as('n')])
      .where('claimed_at', '>=', first)
      .where('claimed_at', '<', last)
      .groupBy(byFigureAndNight);
    // Sign-ups of the night, those who deleted their account since included: a night's figures
    // stay what they were once it is over (club_night_figures keeps them).
    const newMembers = k
      .selectFrom('members')
      .select([figure('newMembers'), bucket('created_at'), count.as('n')])
      .where('created_at', '>=', first)
      .where('created_at', '<', last)
      .groupBy(byFigureAndNight);
    const comments = k
      .selectFrom('news_comments')
      .select([figure('comments'), bucket('created_at'), count.as('n')])
      .where('created_at', '>=', first)
      .where('created_at', '<', last)
      .groupBy(byFigureAndNight);
    // Credits are issued; coupon claims are spending; any other debit (a reversal, an expiry, an
    // adjustment down) is withdrawn. So issued - spent - withdrawn is how the liability moved.
    const points = k
      .selectFrom('point_transactions')
      .select([
        sql<NightFigure>`case when points > 0 then 'pointsIssued' when kind = 'coupon_claim' then 'pointsSpent' else 'pointsWithdrawn' end`.as(
          'figure',
        ),
        bucket('created_at'),
        sql<string>`sum(abs(points))`.as('n'),
      ])
      .where('created_at', '>=', first)
      .where('created_at', '<', last)
      .where('points', '<>', 0)
      .groupBy(byFigureAndNight);
    return redemptions.unionAll(claims).unionAll(newMembers).unionAll(comments).unionAll(points).execute();
  }

  /** The stored figures of these nights that are over (those counted already). */
  async storedNights(em: EntityManager, nights: readonly string[]): Promise<Map<string, Record<NightFigure, number>>> {
    if (!nights.length) return new Map();
    const rows = await db(em)
      .selectFrom('club_night_figures')
      .select([sql<string>`night::text`.as('night'), 'figures'])
      .where('night', 'in', [...nights])
      .execute();
    return new Map(rows.map((row) => [row.night, row.figures as Record<NightFigure, number>]));
  }

  /** Keeps the figures of nights that are over; a night stored already (by another replica) stays as it is. */
  async storeNights(em: EntityManager, nights: { night: string; figures: Record<NightFigure, number> }[]): Promise<void> {
    if (!nights.length) return;
    await db(em)
      .insertInto('club_night_figures')
      .values(nights.map(({ night, figures }) => ({ night, figures })))
      .onConflict((oc) => oc.column('night').doNothing())
      .execute();
  }

  /**
   * The venue's liability: live members' balances summed (a scan of members: the handler keeps
   * the answer until the ledger or the members change).
   */
  async pointsOutstanding(em: EntityManager): Promise<number> {
    const row = await db(em)
      .selectFrom('members')
      .select(sql<string>`coalesce(sum(current_points), 0)`.as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The figures of right now, in one round trip (`venueIds`: those venues' bookings and messages only). */
  currentFigures(em: EntityManager, venueIds?: readonly number[]) {
    return db(em)
      .selectNoFrom((eb) => [
        eb
          .selectFrom('bookings')
          .select(count.as('n'))
          .where('status', '=', 'requested')
          .$if(venueIds !== undefined, (qb) => qb.where('venue_id', 'in', [...venueIds!]))
          .as('pending_bookings'),
        eb
          .selectFrom('contact_messages')
          .select(count.as('n'))
          .where('is_spam', '=', false)
          .$if(venueIds !== undefined, (qb) => qb.where('venue_id', 'in', [...venueIds!]))
          // Unread: not yet marked handled by staff (the Messages tab's "new").
          .where('state', '=', 'new')
          .as('unread_messages'),
        eb.selectFrom('outbox').select(count.as('n')).where('published_at', 'is', null).as('outbox_waiting'),
      ])
      .executeTakeFirstOrThrow();
  }

  /**
   * Tonight at each venue, each night its own (the venue's zone): visits (visits_venue_night_idx),
   * redemptions at its door (user_coupons_redeemed_at_idx carries the venue), tonight's bookings,
   * and its inbox's waiting requests (bookings_venue_requested_idx) and messages. One round trip:
   * a row per venue, each count read from an index alone.
   */
  async venuesTonight(em: EntityManager, venues: readonly { id: number; night: string; start: string; end: string }[]) {
    if (!venues.length) return [];
    const k = db(em);
    const one = (venue: (typeof venues)[number]) =>
      k.selectNoFrom((eb) => [
        sql<number>`${venue.id}::int`.as('venue_id'),
        eb
          .selectFrom('visits')
          .select(count.as('n'))
          .where('venue_id', '=', venue.id)
          .where('night', '=', venue.night)
          .as('visits'),
        eb
          .selectFrom('user_coupons')
          .select(count.as('n'))
          .where('redeemed_at', '>=', venue.start)
          .where('redeemed_at', '<', venue.end)
          .where('redeemed_venue_id', '=', venue.id)
          .as('redemptions'),
        eb
          .selectFrom('bookings')
          .select(count.as('n'))
          .where('venue_id', '=', venue.id)
          .where('date', '=', venue.night)
          .where('status', 'in', ['requested', 'confirmed'])
          .as('bookings'),
        eb
          .selectFrom('bookings')
          .select(count.as('n'))
          .where('venue_id', '=', venue.id)
          .where('status', '=', 'requested')
          .as('pending_bookings'),
        eb
          .selectFrom('contact_messages')
          .select(count.as('n'))
          .where('venue_id', '=', venue.id)
          .where('state', '=', 'new')
          .where('is_spam', '=', false)
          .as('unread_messages'),
      ]);
    const [first, ...rest] = venues;
    return rest.reduce((query, venue) => query.unionAll(one(venue)), one(first!)).execute();
  }
}
