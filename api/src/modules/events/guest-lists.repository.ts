import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import type { NoShowRule, Tier } from '@nocturne/domain';
import { sql } from 'kysely';
import { containsPattern } from '#common/like-pattern.js';
import { EVENT_COLUMNS } from './events.repository.js';

/** A guest-list entry (as `g`) with its member's name and tier (as `m`), as staff lists and the door's search show it. */
const ENTRY_COLUMNS = [
  'g.id',
  'g.member_id',
  'g.guest_name',
  'g.guest_email',
  'g.plus_ones',
  'g.arrived_count',
  'g.arrived_at',
  'm.first_name',
  'm.last_name',
  'm.member_tier',
] as const;

/** The guest lists of events' nights: each night's list row, its entries, the no-show rule and what the door marks. */
@Injectable()
export class GuestListsRepository {
  /** The members on this event's guest lists of nights from `fromNight` on (guests without an account left out). */
  async membersListedFrom(em: EntityManager, eventId: string, fromNight: string): Promise<string[]> {
    const rows = await db(em)
      .selectFrom('guest_list_entries')
      .select('member_id')
      .distinct()
      .where('event_id', '=', eventId)
      .where('night', '>=', fromNight)
      .where('member_id', 'is not', null)
      .execute();
    return rows.map((row) => row.member_id!);
  }

  /**
   * Locks the night's list row (made on first use) until the transaction ends: sign-ups to one
   * night queue here, so the count each one reads is the last one's. Answers whether it is closed.
   */
  async lockList(em: EntityManager, eventId: string, night: string): Promise<{ closed: boolean }> {
    await db(em)
      .insertInto('guest_lists')
      .values({ event_id: eventId, night })
      .onConflict((conflict) => conflict.columns(['event_id', 'night']).doNothing())
      .execute();
    const row = await db(em)
      .selectFrom('guest_lists')
      .select('closed_at')
      .where('event_id', '=', eventId)
      .where('night', '=', night)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return { closed: row.closed_at !== null };
  }

  async listClosed(em: EntityManager, eventId: string, night: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('guest_lists')
      .select('closed_at')
      .where('event_id', '=', eventId)
      .where('night', '=', night)
      .executeTakeFirst();
    return row?.closed_at != null;
  }

  async closeList(em: EntityManager, eventId: string, night: string, staffId: string): Promise<void> {
    await db(em)
      .insertInto('guest_lists')
      .values({ event_id: eventId, night, closed_at: new Date(), closed_by_id: staffId })
      .onConflict((conflict) =>
        conflict
          .columns(['event_id', 'night'])
          .doUpdateSet({ closed_at: sql`coalesce(guest_lists.closed_at, now())`, closed_by_id: staffId }),
      )
      .execute();
  }

  /** People on the night's list, plus-ones included. */
  async placesTaken(em: EntityManager, eventId: string, night: string): Promise<number> {
    const row = await db(em)
      .selectFrom('guest_list_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>(sql`1 + plus_ones`), sql<string>`0`).as('places'))
      .where('event_id', '=', eventId)
      .where('night', '=', night)
      .executeTakeFirstOrThrow();
    return Number(row.places);
  }

  /**
   * For each of these event nights, whether its list is closed and the places taken (plus-ones
   * included), in one statement however many nights a member is offered: keyed `eventId|night`.
   */
  async nightsState(
    em: EntityManager,
    nights: readonly { eventId: string; night: string }[],
  ): Promise<Map<string, { closed: boolean; places: number }>> {
    if (nights.length === 0) return new Map();
    const { rows } = await sql<{ event_id: string; night: string; closed: boolean; places: string }>`
      select n.event_id, n.night::text as night, l.closed_at is not null as closed,
             coalesce((select sum(1 + g.plus_ones) from guest_list_entries g
                        where g.event_id = n.event_id and g.night = n.night), 0) as places
        from unnest(${nights.map((each) => each.eventId)}::uuid[], ${nights.map((each) => each.night)}::date[]) as n(event_id, night)
        left join guest_lists l on l.event_id = n.event_id and l.night = n.night`.execute(db(em));
    return new Map(rows.map((row) => [`${row.event_id}|${row.night}`, { closed: row.closed, places: Number(row.places) }]));
  }

  async insertEntry(
    em: EntityManager,
    entry: {
      eventId: string;
      night: string;
      memberId: string | null;
      guestName?: string;
      guestEmail?: string;
      plusOnes: number;
      addedBy?: string;
    },
  ): Promise<string | null> {
    const row = await db(em)
      .insertInto('guest_list_entries')
      .values({
        event_id: entry.eventId,
        night: entry.night,
        member_id: entry.memberId,
        guest_name: entry.guestName ?? null,
        guest_email: entry.guestEmail ?? null,
        plus_ones: entry.plusOnes,
        added_by_id: entry.addedBy ?? null,
      })
      .onConflict((conflict) => conflict.constraint('guest_list_entries_member_unique').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Takes the member off the list if they have not come in yet; answers whether they were on it. */
  async deleteMemberEntry(em: EntityManager, eventId: string, night: string, memberId: string): Promise<boolean> {
    const result = await db(em)
      .deleteFrom('guest_list_entries')
      .where('event_id', '=', eventId)
      .where('night', '=', night)
      .where('member_id', '=', memberId)
      .where('arrived_count', 'is', null)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** A night's names, members with their name and tier, in the order they joined. */
  async entries(em: EntityManager, eventId: string, night: string) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .leftJoin('members as m', 'm.id', 'g.member_id')
      .select(ENTRY_COLUMNS)
      .where('g.event_id', '=', eventId)
      .where('g.night', '=', night)
      .orderBy('g.created_at')
      .orderBy('g.id')
      .execute();
  }

  /** The member's entries on nights from `fromNight` on, with their events. */
  async memberEntries(em: EntityManager, memberId: string, fromNight: string) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select(['g.id as entry_id', 'g.night as entry_night', 'g.plus_ones', ...EVENT_COLUMNS])
      .where('g.member_id', '=', memberId)
      .where('g.night', '>=', fromNight)
      .orderBy('g.night')
      .execute();
  }

  /** The nights (and venues) the member was on a list and nobody let them in, of nights before `beforeNight`. */
  async noShows(em: EntityManager, memberId: string, beforeNight: string) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select(['g.night', 'e.venue_id'])
      .where('g.member_id', '=', memberId)
      .where('g.night', '<', beforeNight)
      .where('g.arrived_count', 'is', null)
      .orderBy('g.night', 'desc')
      .limit(50)
      .execute();
  }

  /** The member's tier as it is now, and the plus-ones it brings (none when the tier has no benefits row). */
  async allowance(em: EntityManager, memberId: string): Promise<{ tier: Tier; plusOnes: number } | undefined> {
    const row = await db(em)
      .selectFrom('members as m')
      .leftJoin('tier_benefits as b', 'b.tier', 'm.member_tier')
      .select(['m.member_tier', 'b.guest_list_plus_ones'])
      .where('m.id', '=', memberId)
      .executeTakeFirst();
    return row && { tier: row.member_tier, plusOnes: row.guest_list_plus_ones ?? 0 };
  }

  async rule(em: EntityManager, venueId: number): Promise<NoShowRule | null> {
    const row = await db(em)
      .selectFrom('guest_list_rules')
      .select(['no_shows', 'within_days', 'pause_days'])
      .where('venue_id', '=', venueId)
      .executeTakeFirst();
    return row ? { noShows: row.no_shows, withinDays: row.within_days, pauseDays: row.pause_days } : null;
  }

  /** Every venue's no-show rule (a venue without one is absent): one row per venue at most. */
  async rules(em: EntityManager): Promise<Map<number, NoShowRule>> {
    const rows = await db(em)
      .selectFrom('guest_list_rules')
      .select(['venue_id', 'no_shows', 'within_days', 'pause_days'])
      .execute();
    return new Map(
      rows.map((row) => [row.venue_id, { noShows: row.no_shows, withinDays: row.within_days, pauseDays: row.pause_days }]),
    );
  }

  async saveRule(em: EntityManager, venueId: number, rule: NoShowRule | null): Promise<void> {
    if (!rule) {
      await db(em).deleteFrom('guest_list_rules').where('venue_id', '=', venueId).execute();
      return;
    }
    const values = { no_shows: rule.noShows, within_days: rule.withinDays, pause_days: rule.pauseDays, updated_at: new Date() };
    await db(em)
      .insertInto('guest_list_rules')
      .values({ venue_id: venueId, ...values })
      .onConflict((conflict) => conflict.column('venue_id').doUpdateSet(values))
      .execute();
  }

  // At the door.

  /**
   * The member's entries on lists of these nights, with their venue's own zone (null: the
   * install's): the caller keeps the one of tonight's club night in that zone. Read in the
   * door check's transaction, so it asks nothing of another connection.
   */
  async memberEntriesOn(em: EntityManager, memberId: string, nights: string[]) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .innerJoin('venues as v', 'v.id', 'e.venue_id')
      .select(['g.id', 'g.night', 'g.plus_ones', 'g.arrived_count', 'e.title', 'e.venue_id', 'e.list_free_until', 'v.time_zone'])
      .where('g.member_id', '=', memberId)
      .where('g.night', 'in', nights)
      .orderBy('g.created_at')
      .execute();
  }

  /** Entries of `night` at the venue whose name matches `search` (members' first and last names, non-members' names). */
  async searchNight(em: EntityManager, night: string, venueId: number, search: string) {
    const pattern = containsPattern(search);
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .leftJoin('members as m', 'm.id', 'g.member_id')
      .select([...ENTRY_COLUMNS, 'e.title', 'e.venue_id', 'e.list_free_until'])
      .where('g.night', '=', night)
      .where('e.venue_id', '=', venueId)
      .where((eb) =>
        eb.or([
          eb('g.guest_name', 'ilike', pattern),
          eb(sql<string>`m.first_name || ' ' || coalesce(m.last_name, '')`, 'ilike', pattern),
        ]),
      )
      .orderBy('g.created_at')
      .limit(20)
      .execute();
  }

  async entryById(em: EntityManager, id: string) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .leftJoin('members as m', 'm.id', 'g.member_id')
      .select([
        'g.id',
        'g.night',
        'g.plus_ones',
        'g.arrived_count',
        'g.guest_name',
        'g.member_id',
        'm.first_name',
        'm.disabled_at',
        'm.deleted_at',
        'e.venue_id',
      ])
      .where('g.id', '=', id)
      .executeTakeFirst();
  }

  /** Marks a party in, once: answers false when it was already marked. */
  async markArrived(em: EntityManager, id: string, count: number, staffId: string): Promise<boolean> {
    const result = await db(em)
      .updateTable('guest_list_entries')
      .set({ arrived_count: count, arrived_at: new Date(), arrived_by_id: staffId })
      .where('id', '=', id)
      .where('arrived_count', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** People the staffer let in from the venue's lists of `night`. */
  async guestsLetInBy(em: EntityManager, staffId: string, night: string, venueId: number): Promise<number> {
    const row = await db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('g.arrived_count'), sql<string>`0`).as('people'))
      .where('g.arrived_by_id', '=', staffId)
      .where('g.night', '=', night)
      .where('e.venue_id', '=', venueId)
      .executeTakeFirstOrThrow();
    return Number(row.people);
  }

  /** Each of the venue's events with a list on `night`: its last entry, names, places and people let in. */
  async nightTotals(em: EntityManager, venueId: number, night: string) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select((eb) => [
        'e.last_entry',
        eb.fn.countAll<string>().as('entries'),
        eb.fn.sum<string>(sql`1 + g.plus_ones`).as('places'),
        eb.fn.coalesce(eb.fn.sum<string>('g.arrived_count'), sql<string>`0`).as('arrived'),
        eb.fn.count<string>('g.arrived_count').filterWhere('g.arrived_count', '>', 0).as('came'),
      ])
      .where('e.venue_id', '=', venueId)
      .where('g.night', '=', night)
      .groupBy(['e.id', 'e.last_entry'])
      .execute();
  }
}
