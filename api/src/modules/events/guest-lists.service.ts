import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { GuestListEntryView, GuestListView, MyGuestListEntry, MyGuestLists } from '@nocturne/contracts';
import {
  clubNightEnd,
  clubNightOf,
  comingNights,
  dateTimeFormat,
  eventNightLabel,
  FIRST_VENUE_ID,
  nightInstant,
  noShowRuleWords,
  type NoShowRule,
  runsOn,
  signUpsPausedUntil,
  type Role,
  type Tier,
  tierLabel,
} from '@nocturne/domain';
import { isoTimestampOrNull } from '#common/timestamps.js';
import { StaffVenues, VenueDirectory, type VenueRecord } from '#modules/venues/venues.public.js';
import { EVENT_NOT_FOUND, EventViews, NIGHT_NOT_FOUND } from './event-views.js';
import { EventsFailure } from './events-failure.js';
import { type EventRow, EventsRepository } from './events.repository.js';
import { GuestListsRepository } from './guest-lists.repository.js';

const NO_GUEST_LIST = 'This night has no guest list';

/** A venue's no-show rule in words and the member's pause there, as the members area's card shows them. */
type RuleTerms = Pick<MyGuestLists, 'noShowRule' | 'pausedUntil'>;

/** A published event night with a guest list, as `listNight` found it. */
export interface ListNight {
  row: EventRow;
  venue: VenueRecord;
  capacity: number;
}

const schedule = (row: EventRow) => ({ night: row.night, repeatsWeekly: row.repeats_weekly, repeatUntil: row.repeat_until });

/** "+1", "" for none. */
const party = (plusOnes: number) => (plusOnes > 0 ? ` +${plusOnes}` : '');

function dayLabel(instant: Date, timeZone: string): string {
  return dateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone }).format(instant);
}

/** Until when these no-shows (the member's, at any venue) pause sign-ups at `venue` under its rule (null: they do not). */
function pausedAfter(
  noShows: readonly { night: string; venue_id: number }[],
  rule: NoShowRule,
  venue: VenueRecord,
  now: Date,
): Date | null {
  const here = noShows.filter((row) => row.venue_id === venue.id);
  return signUpsPausedUntil(
    here.map((row) => clubNightEnd(row.night, venue.timeZone)),
    rule,
    now,
  );
}

/** A night's list: who may join it, the places it has left, what staff see of it. */
@Injectable()
export class GuestLists {
  constructor(
    private readonly repository: EventsRepository,
    private readonly lists: GuestListsRepository,
    private readonly views: EventViews,
    private readonly venues: VenueDirectory,
    private readonly staffVenues: StaffVenues,
  ) {}

  /** A published event night with a guest list, or the refusal in words. */
  async listNight(em: EntityManager, eventId: string, night: string, options: { staff?: boolean } = {}): Promise<ListNight> {
    const row = await this.repository.eventById(em, eventId);
    if (!row || (!options.staff && row.status !== 'published')) throw new EventsFailure('not_found', EVENT_NOT_FOUND);
    if (!runsOn(schedule(row), night)) throw new EventsFailure('not_found', NIGHT_NOT_FOUND);
    if (row.list_capacity === null) throw new EventsFailure('not_found', NO_GUEST_LIST);
    const venue = await this.views.venueOf(row);
    return { row, venue, capacity: row.list_capacity };
  }

  /**
   * An event night's list as staff reach it (drafts too): refused in words (403) when the event is
   * at a venue the account does not work at (PRODUCT.md §12), so a manager of one venue neither
   * sees, adds to nor closes another's list.
   */
  async staffNight(em: EntityManager, staff: { id: string; role: Role }, eventId: string, night: string): Promise<ListNight> {
    const found = await this.listNight(em, eventId, night, { staff: true });
    const scope = await this.staffVenues.scopeOf(em, staff);
    if (!StaffVenues.covers(scope, found.row.venue_id)) {
      throw new EventsFailure('forbidden', await this.staffVenues.worksAtOnly(scope));
    }
    return found;
  }

  /**
   * The venue whose no-show rule staff read or set: the one named (one the account works at), else
   * as for a door (the account's only venue, else the group's only open one, else the first).
   */
  async ruleVenue(em: EntityManager, staff: { id: string; role: Role }, venueId: number | undefined): Promise<VenueRecord> {
    return this.staffVenues.doorVenue(em, staff, venueId);
  }

  /** When sign-ups close that night: the cut-off, or last entry. */
  closesAt(row: EventRow, venue: VenueRecord, night: string): Date {
    return nightInstant(night, row.list_cutoff ?? row.last_entry, venue.timeZone);
  }

  /** Until when the member's sign-ups at the venue are paused by its no-show rule (null: they are not). */
  async pausedUntil(em: EntityManager, memberId: string, venue: VenueRecord, now: Date): Promise<Date | null> {
    const rule = await this.lists.rule(em, venue.id);
    if (!rule) return null;
    return pausedAfter(await this.lists.noShows(em, memberId, clubNightOf(now, venue.timeZone)), rule, venue, now);
  }

  /** The member's tier now (points move it; the session does not keep it) and the plus-ones it allows. */
  private async allowance(em: EntityManager, memberId: string): Promise<{ tier: Tier; plusOnes: number }> {
    const allowance = await this.lists.allowance(em, memberId);
    if (!allowance) throw new EventsFailure('not_found', 'No such member');
    return allowance;
  }

  /**
   * Puts the member on the list, inside the caller's transaction (the night found by `listNight`
   * before it, so the transaction needs no other connection): the night's list row is locked
   * first, so concurrent sign-ups are counted one after another and the list never holds more
   * than its capacity.
   */
  async join(
    tx: EntityManager,
    memberId: string,
    found: ListNight,
    night: string,
    plusOnes: number,
    now: Date,
  ): Promise<MyGuestListEntry> {
    const { row, venue, capacity } = found;
    if (now.getTime() >= this.closesAt(row, venue, night).getTime()) {
      throw new EventsFailure('conflict', `Sign-ups for this night closed at ${row.list_cutoff ?? row.last_entry}`);
    }
    const { tier, plusOnes: allowed } = await this.allowance(tx, memberId);
    if (plusOnes > allowed) {
      const message =
        allowed === 0
          ? `${tierLabel(tier)} members come without a plus-one`
          : `${tierLabel(tier)} members bring at most ${allowed} plus-one${allowed === 1 ? '' : 's'}`;
      throw new EventsFailure('invalid', message, { issues: [{ path: 'plusOnes', message }] });
    }
    const paused = await this.pausedUntil(tx, memberId, venue, now);
    if (paused) {
      const rule = (await this.lists.rule(tx, venue.id))!;
      throw new EventsFailure(
        'conflict',
        `Your guest-list sign-ups are paused until ${dayLabel(paused, venue.timeZone)}: ${noShowRuleWords(rule)}`,
      );
    }
    const { closed } = await this.lists.lockList(tx, row.id, night);
    if (closed) throw new EventsFailure('conflict', 'This guest list is closed');
    const taken = await this.lists.placesTaken(tx, row.id, night);
    const left = capacity - taken;
    if (left < 1 + plusOnes) {
      throw new EventsFailure(
        'conflict',
        left <= 0
          ? 'The guest list is full'
          : `Only ${left} place${left === 1 ? '' : 's'} left on the list: come with fewer plus-ones`,
      );
    }
    const id = await this.lists.insertEntry(tx, { eventId: row.id, night, memberId, plusOnes });
    if (!id) throw new EventsFailure('conflict', 'You are already on this list');
    return this.myEntry(row, { id, night, plusOnes });
  }

  /** Takes the member off the list before the night's last entry. */
  async leave(tx: EntityManager, memberId: string, found: ListNight, night: string, now: Date): Promise<void> {
    const { row, venue } = found;
    if (now.getTime() >= nightInstant(night, row.last_entry, venue.timeZone).getTime()) {
      throw new EventsFailure('conflict', 'The night is over: the list can no longer be changed');
    }
    await this.lists.lockList(tx, row.id, night);
    if (!(await this.lists.deleteMemberEntry(tx, row.id, night, memberId))) {
      throw new EventsFailure('not_found', 'You are not on this list');
    }
  }

  myEntry(row: EventRow, entry: { id: string; night: string; plusOnes: number }): MyGuestListEntry {
    const free = row.list_free_until ? `, free entry until ${row.list_free_until}` : '';
    return {
      id: entry.id,
      eventId: row.id,
      night: entry.night,
      title: row.title,
      slug: row.slug,
      nightLabel: eventNightLabel(entry.night),
      doorsOpen: row.doors_open,
      plusOnes: entry.plusOnes,
      freeUntil: row.list_free_until,
      summary: `On the list${party(entry.plusOnes)}${free}`,
    };
  }

  /** The members area's card: the lists the member is on, the coming ones they may join, the rule. */
  async mine(em: EntityManager, memberId: string, now: Date): Promise<MyGuestLists> {
    const { tier, plusOnes: plusOnesAllowed } = await this.allowance(em, memberId);
    const first = (await this.venues.get(FIRST_VENUE_ID))!;
    const from = clubNightOf(now, first.timeZone);
    const entries = (await this.lists.memberEntries(em, memberId, from)).map((row) =>
      this.myEntry(row, { id: row.entry_id, night: row.entry_night, plusOnes: row.plus_ones }),
    );
    const joined = new Set(entries.map((entry) => `${entry.eventId}|${entry.night}`));
    const single = await this.venues.single();
    // The nights still open to sign-ups by the clock, then their lists' state read in one statement.
    const coming: { row: EventRow; capacity: number; venue: VenueRecord; night: string; closesAt: Date }[] = [];
    for (const row of await this.repository.publishedFrom(em, from)) {
      if (row.list_capacity === null) continue;
      const venue = await this.views.venueOf(row);
      for (const night of comingNights(schedule(row), now, venue.timeZone)) {
        if (joined.has(`${row.id}|${night}`)) continue;
        const closesAt = this.closesAt(row, venue, night);
        if (closesAt.getTime() > now.getTime()) coming.push({ row, capacity: row.list_capacity, venue, night, closesAt });
      }
    }
    const lists = await this.lists.nightsState(
      em,
      coming.map(({ row, night }) => ({ eventId: row.id, night })),
    );
    const offered = coming
      .filter(({ row, night }) => !lists.get(`${row.id}|${night}`)?.closed)
      .sort((a, b) => a.night.localeCompare(b.night) || a.row.title.localeCompare(b.row.title))
      .slice(0, 20);
    // Each offered venue's rule, and whether the member's sign-ups there are paused, read once.
    const terms = this.ruleTermsOf(em, memberId, now);
    const open = await Promise.all(
      offered.map(async ({ row, capacity, venue, night, closesAt }) => ({
        eventId: row.id,
        night,
        title: row.title,
        slug: row.slug,
        nightLabel: eventNightLabel(night),
        doorsOpen: row.doors_open,
        freeUntil: row.list_free_until,
        placesLeft: Math.max(0, capacity - (lists.get(`${row.id}|${night}`)?.places ?? 0)),
        closesAt: closesAt.toISOString(),
        venueName: single ? null : venue.name,
        ...(await terms(venue)),
      })),
    );
    // The rule above the nights: the venue's (a group of one), or the one venue every night on offer is at.
    const venueIds = new Set(offered.map(({ venue }) => venue.id));
    const shared = single ? first : venueIds.size === 1 ? ((await this.venues.get([...venueIds][0]!)) ?? null) : null;
    const above: RuleTerms = shared ? await terms(shared) : { noShowRule: null, pausedUntil: null };
    return {
      tier,
      plusOnesAllowed,
      entries,
      open,
      ...above,
    };
  }

  /**
   * A venue's no-show rule in words and until when the member's sign-ups there are paused, for any
   * venue asked: the rules read once, the member's no-shows once per club night asked from, each
   * venue's answer kept.
   */
  private ruleTermsOf(em: EntityManager, memberId: string, now: Date): (venue: VenueRecord) => Promise<RuleTerms> {
    let rules: Promise<Map<number, NoShowRule>> | undefined;
    const noShows = new Map<string, ReturnType<GuestListsRepository['noShows']>>();
    const terms = new Map<number, Promise<RuleTerms>>();
    const termsOf = async (venue: VenueRecord): Promise<RuleTerms> => {
      rules ??= this.lists.rules(em);
      const rule = (await rules).get(venue.id) ?? null;
      const tonight = clubNightOf(now, venue.timeZone);
      if (rule && !noShows.has(tonight)) noShows.set(tonight, this.lists.noShows(em, memberId, tonight));
      const paused = rule ? pausedAfter((await noShows.get(tonight))!, rule, venue, now) : null;
      return { noShowRule: rule ? noShowRuleWords(rule) : null, pausedUntil: paused ? paused.toISOString() : null };
    };
    return (venue) => {
      if (!terms.has(venue.id)) terms.set(venue.id, termsOf(venue));
      return terms.get(venue.id)!;
    };
  }

  /** A night's list as staff see it, with its counts. */
  async staffView(em: EntityManager, eventId: string, night: string, now: Date): Promise<GuestListView> {
    const { row, venue, capacity } = await this.listNight(em, eventId, night, { staff: true });
    const rows = await this.lists.entries(em, eventId, night);
    const entries: GuestListEntryView[] = rows.map((entry) => ({
      id: entry.id,
      name: entry.member_id ? [entry.first_name, entry.last_name].filter(Boolean).join(' ') : (entry.guest_name ?? ''),
      email: entry.member_id ? null : entry.guest_email,
      member: entry.member_id !== null,
      tier: entry.member_tier ?? null,
      plusOnes: entry.plus_ones,
      arrivedCount: entry.arrived_count,
      arrivedAt: isoTimestampOrNull(entry.arrived_at),
    }));
    const places = entries.reduce((sum, entry) => sum + 1 + entry.plusOnes, 0);
    const arrived = entries.reduce((sum, entry) => sum + (entry.arrivedCount ?? 0), 0);
    const over = now.getTime() >= nightInstant(night, row.last_entry, venue.timeZone).getTime();
    const noShows = entries.filter((entry) => !entry.arrivedCount).length;
    const noShowPercent = over && entries.length > 0 ? Math.round((100 * noShows) / entries.length) : null;
    return {
      eventId,
      night,
      title: row.title,
      closed: await this.lists.listClosed(em, eventId, night),
      counts: {
        entries: entries.length,
        places,
        capacity,
        arrived,
        noShowPercent,
        summary: `List ${places}, in ${arrived}${noShowPercent === null ? '' : `, no-show ${noShowPercent}%`}`,
      },
      entries,
    };
  }
}
