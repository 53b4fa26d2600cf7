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
   * the last night's end (ISO instants, ascending): each night's rows of each table are counted by
   * an index-only range count on its time column, so a night of 23 or 25 hours is counted by its
   * own instants, and nothing is hashed or bucketed row by row (a night of 80,000 comments is one
   * index-only count). Rows: figure, bucket (1 = the first night), n, for figures above 0.
   * `venueIds`: only redemptions at those venues (the other figures happen at no venue).
   */
  async nightActivity(em: EntityManager, bounds: readonly string[], venueIds?: readonly number[]) {
    const atVenues = venueIds === undefined ? sql`` : sql`and redeemed_venue_id in (${sql.join([...venueIds])})`;
    const night = (column: string) => sql`${sql.ref(column)} >= night.start and ${sql.ref(column)} < night.end`;
    // Credits are issued; coupon claims are spending; any other debit (a reversal, an expiry, an
    // adjustment down) is withdrawn. So issued - spent - withdrawn is how the liability moved.
    const { rows } = await sql<{ figure: NightFigure; bucket: number; n: string }>`
      select figures.figure, night.i as bucket, figures.n
        from (select i, (${[...bounds]}::timestamptz[])[i] as start, (${[...bounds]}::timestamptz[])[i + 1] as end
                from generate_series(1, ${bounds.length - 1}::int) i) night
       cross join lateral (
             select 'redemptions' as figure, count(*)::numeric as n from user_coupons where ${night('redeemed_at')} ${atVenues}
             union all select 'claims', count(*) from user_coupons where ${night('claimed_at')}
             -- Sign-ups of the night, those who deleted their account since included: a night's
             -- figures stay what they were once it is over (club_night_figures keeps them).
             union all select 'newMembers', count(*) from members where ${night('created_at')}
             union all select 'comments', count(*) from news_comments where ${night('created_at')}
             union all select points.figure, points.n
               from (select sum(points) filter (where points > 0) as issued,
                            sum(-points) filter (where points < 0 and kind = 'coupon_claim') as spent,
                            sum(-points) filter (where points < 0 and kind <> 'coupon_claim') as withdrawn
                       from point_transactions where ${night('created_at')}) sums
              cross join lateral (values ('pointsIssued', sums.issued), ('pointsSpent', sums.spent),
                                         ('pointsWithdrawn', sums.withdrawn)) points(figure, n)
           ) figures
       where figures.n > 0`.execute(db(em));
    return rows;
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
   * a row per venue, each count read from an index alone, in one statement over the venues' arrays,
   * planned once whatever the group's size (not a statement per venue, planned once per venue).
   */
  async venuesTonight(em: EntityManager, venues: readonly { id: number; night: string; start: string; end: string }[]) {
    if (!venues.length) return [];
    const { rows } = await sql<{
      venue_id: number;
      visits: string;
      redemptions: string;
      bookings: string;
      pending_bookings: string;
      unread_messages: string;
    }>`
      select v.id as venue_id,
             (select count(*) from visits where venue_id = v.id and night = v.night) as visits,
             (select count(*) from user_coupons
               where redeemed_at >= v.start and redeemed_at < v.end and redeemed_venue_id = v.id) as redemptions,
             (select count(*) from bookings
               where venue_id = v.id and date = v.night and status in ('requested', 'confirmed')) as bookings,
             (select count(*) from bookings where venue_id = v.id and status = 'requested') as pending_bookings,
             (select count(*) from contact_messages where venue_id = v.id and state = 'new' and not is_spam) as unread_messages
        from unnest(${venues.map((venue) => venue.id)}::int[], ${venues.map((venue) => venue.night)}::date[],
                    ${venues.map((venue) => venue.start)}::timestamptz[], ${venues.map((venue) => venue.end)}::timestamptz[])
             as v(id, night, start, "end")`.execute(db(em));
    return rows;
  }
}
