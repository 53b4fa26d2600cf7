import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DoorGuestList, DoorGuestListMatches, MarkArrivedResponse } from '@nocturne/contracts';
import { addDays, clubNightOf, guestListDoorWords, nightInstant } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { isoTimestampOrNull } from '#common/timestamps.js';
import { VenueDirectory, type VenueRecord } from '#modules/venues/venues.public.js';
import { EventsFailure } from './events-failure.js';
import { GuestListsRepository } from './guest-lists.repository.js';

/**
 * The guest list at the door: the part of a card's check that says the member is on tonight's
 * list, the name search for non-members, and marking a party in (once).
 */
@Injectable()
export class GuestListAtDoor {
  constructor(
    private readonly repository: GuestListsRepository,
    private readonly venues: VenueDirectory,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  private async words(entry: { plus_ones: number; list_free_until: string | null; venue_id: number }, night: string, now: Date) {
    const timeZone = await this.venues.timeZoneOf(entry.venue_id);
    const freeEndsAt = entry.list_free_until ? nightInstant(night, entry.list_free_until, timeZone) : null;
    return {
      message: guestListDoorWords({ plusOnes: entry.plus_ones, freeUntil: entry.list_free_until }, now, freeEndsAt),
      freeEntry: freeEndsAt !== null && now.getTime() < freeEndsAt.getTime(),
    };
  }

  /**
   * The member's entry on tonight's list at this door's venue (tonight in its zone), for the card's
   * door check (undefined: not on one). Runs inside the check's transaction: the venue's zone comes with the
   * entry, not from VenueDirectory (which would wait for a second connection).
   */
  async forMember(em: EntityManager, memberId: string, venueId: number, now = new Date()): Promise<DoorGuestList | undefined> {
    const utcDay = now.toISOString().slice(0, 10);
    const candidates = await this.repository.memberEntriesOn(em, memberId, [addDays(utcDay, -1), utcDay, addDays(utcDay, 1)]);
    for (const entry of candidates) {
      if (entry.venue_id !== venueId) continue;
      const timeZone = entry.time_zone ?? this.config.VENUE_TZ;
      const night = clubNightOf(now, timeZone);
      if (entry.night !== night) continue;
      const freeEndsAt = entry.list_free_until ? nightInstant(night, entry.list_free_until, timeZone) : null;
      return {
        entryId: entry.id,
        title: entry.title,
        plusOnes: entry.plus_ones,
        arrivedCount: entry.arrived_count,
        message: guestListDoorWords({ plusOnes: entry.plus_ones, freeUntil: entry.list_free_until }, now, freeEndsAt),
        freeEntry: freeEndsAt !== null && now.getTime() < freeEndsAt.getTime(),
      };
    }
    return undefined;
  }

  /** Tonight's names on the lists at the door's venue (tonight in its zone) that match the search. */
  async search(em: EntityManager, venue: VenueRecord, search: string, now: Date): Promise<DoorGuestListMatches> {
    const night = clubNightOf(now, venue.timeZone);
    const rows = await this.repository.searchNight(em, night, venue.id, search);
    const entries = [];
    for (const row of rows) {
      entries.push({
        id: row.id,
        name: row.member_id ? [row.first_name, row.last_name].filter(Boolean).join(' ') : (row.guest_name ?? ''),
        email: row.member_id ? null : row.guest_email,
        member: row.member_id !== null,
        tier: row.member_tier ?? null,
        plusOnes: row.plus_ones,
        arrivedCount: row.arrived_count,
        arrivedAt: isoTimestampOrNull(row.arrived_at),
        title: row.title,
        message: (await this.words(row, night, now)).message,
      });
    }
    return { entries };
  }

  /** People this staffer let in from the venue's lists of `night` (door mode's tally). */
  async guestsLetInBy(em: EntityManager, staffId: string, night: string, venueId: number): Promise<number> {
    return this.repository.guestsLetInBy(em, staffId, night, venueId);
  }

  /**
   * Marks a party in, inside the caller's transaction, at the door's venue (tonight in its zone): an
   * entry of another night or another venue's list is not on tonight's list here. Answers the
   * member whose entry it is (null: a non-member's, or an account no longer active), so the caller
   * can record their visit.
   */
  async markArrived(
    tx: EntityManager,
    entryId: string,
    count: number,
    staffId: string,
    venue: VenueRecord,
    now: Date,
  ): Promise<MarkArrivedResponse & { memberId: string | null }> {
    const night = clubNightOf(now, venue.timeZone);
    const entry = await this.repository.entryById(tx, entryId);
    if (!entry || entry.night !== night || entry.venue_id !== venue.id) {
      throw new EventsFailure('not_found', "Not on tonight's guest list");
    }
    const name = entry.first_name ?? entry.guest_name ?? 'the guest';
    if (entry.arrived_count !== null) {
      throw new EventsFailure('conflict', `Already marked: ${entry.arrived_count} of ${name}'s party came in`);
    }
    if (count > entry.plus_ones + 1) {
      const message = `${name}'s party is ${entry.plus_ones + 1}: at most ${entry.plus_ones + 1} can come in`;
      throw new EventsFailure('invalid', message, { issues: [{ path: 'count', message }] });
    }
    if (!(await this.repository.markArrived(tx, entryId, count, staffId))) {
      throw new EventsFailure('conflict', `Already marked: ${name}'s party`);
    }
    // A disabled or deleted member earns no visit (as at a card's check).
    const active = entry.member_id !== null && entry.disabled_at === null && entry.deleted_at === null;
    return { message: `${count} in: ${name}'s party`, arrivedCount: count, memberId: active ? entry.member_id : null };
  }
}
