import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EventNight, EventView, SaveEventInput } from '@nocturne/contracts';
import {
  clubNightOf,
  comingNights,
  eventNightLabel,
  eventScheduleProblem,
  eventTimesProblem,
  FIRST_VENUE_ID,
  isoInZone,
  nightInstant,
  priceLabel,
  runsOn,
} from '@nocturne/domain';
import { StaffVenues, type Staffer, VenueDirectory, type VenueRecord, venueOfRequest } from '#modules/venues/venues.public.js';
import { EventsFailure } from './events-failure.js';
import { type EventFields, type EventRow, EventsRepository } from './events.repository.js';

export const EVENT_NOT_FOUND = 'No such event';
export const NIGHT_NOT_FOUND = 'That event does not run that night';

const schedule = (row: EventRow) => ({ night: row.night, repeatsWeekly: row.repeats_weekly, repeatUntil: row.repeat_until });

/** Events as staff and the public site see them, and the checks a saved event passes. */
@Injectable()
export class EventViews {
  constructor(
    private readonly repository: EventsRepository,
    private readonly venues: VenueDirectory,
    private readonly staffVenues: StaffVenues,
  ) {}

  /**
   * The venue a staffer saves an event at (PRODUCT.md §12): the one the request names, else the
   * event's own (`current`, an edit), else the account's only venue (a group account: the first).
   * An event at, or moved to, a venue the account does not work at is refused in words (403), and
   * an account of several venues naming none is asked to choose (400), before anything is written.
   */
  async venueFor(em: EntityManager, staff: Staffer, requested: number | undefined, current?: number): Promise<number> {
    const scope = await this.staffVenues.scopeOf(em, staff);
    if (scope.all) return requested ?? current ?? FIRST_VENUE_ID;
    const venueId = requested ?? current ?? (await this.staffVenues.doorVenue(em, staff, undefined)).id;
    if ([venueId, current].some((id) => id !== undefined && !StaffVenues.covers(scope, id)))
      throw new EventsFailure('forbidden', await this.staffVenues.worksAtOnly(scope));
    return venueId;
  }

  /**
   * The venues whose events a staffer lists: the one named (refused in words, 403, when the account
   * does not work there), else the account's venues; undefined: every venue's.
   */
  async listVenues(em: EntityManager, staff: Staffer, named: number | undefined): Promise<number[] | undefined> {
    const scope = await this.staffVenues.scopeOf(em, staff);
    if (named !== undefined && !StaffVenues.covers(scope, named))
      throw new EventsFailure('forbidden', await this.staffVenues.worksAtOnly(scope));
    return named !== undefined ? [named] : scope.all ? undefined : scope.venueIds;
  }

  /** Refuses, in words (403), a staffer's action on an event at a venue the account does not work at. */
  async assertWorksAt(em: EntityManager, staff: Staffer, row: EventRow): Promise<void> {
    const scope = await this.staffVenues.scopeOf(em, staff);
    if (!StaffVenues.covers(scope, row.venue_id)) throw new EventsFailure('forbidden', await this.staffVenues.worksAtOnly(scope));
  }

  /** The request as the table takes it (at `venueId`, see `venueFor`), or a 400 naming the field. */
  async checked(input: SaveEventInput, venueId: number): Promise<EventFields> {
    const venue = await this.venues.get(venueId);
    if (!venue || venue.archived) {
      const message = 'No such venue';
      throw new EventsFailure('invalid', message, { issues: [{ path: 'venueId', message }] });
    }
    const list = input.guestList;
    const problem =
      eventTimesProblem({
        doorsOpen: input.doorsOpen,
        lastEntry: input.lastEntry,
        freeUntil: list?.freeUntil,
        listCutoff: list?.cutoff,
      }) ?? eventScheduleProblem({ night: input.night, repeatsWeekly: input.repeatsWeekly, repeatUntil: input.repeatUntil });
    if (problem) {
      const path =
        problem.path === 'freeUntil' || problem.path === 'listCutoff'
          ? `guestList.${problem.path === 'listCutoff' ? 'cutoff' : 'freeUntil'}`
          : problem.path;
      throw new EventsFailure('invalid', problem.message, { issues: [{ path, message: problem.message }] });
    }
    if (list && input.capacity !== null && list.capacity > input.capacity) {
      const message = 'The guest list cannot hold more people than the night';
      throw new EventsFailure('invalid', message, { issues: [{ path: 'guestList.capacity', message }] });
    }
    return {
      venueId,
      title: input.title,
      description: input.description,
      lineUp: input.lineUp,
      night: input.night,
      doorsOpen: input.doorsOpen,
      lastEntry: input.lastEntry,
      repeatsWeekly: input.repeatsWeekly,
      repeatUntil: input.repeatUntil,
      agePolicy: input.agePolicy,
      priceCents: input.priceCents,
      currency: input.currency,
      dressCode: input.dressCode,
      capacity: input.capacity,
      posterPath: input.posterPath,
      status: input.status,
      listCapacity: list?.capacity ?? null,
      listFreeUntil: list?.freeUntil ?? null,
      listCutoff: list?.cutoff ?? null,
    };
  }

  async find(em: EntityManager, id: string): Promise<EventView> {
    const row = await this.repository.eventById(em, id);
    if (!row) throw new EventsFailure('not_found', EVENT_NOT_FOUND);
    return this.view(row, await this.venueOf(row));
  }

  /** The venue `?venue=` names (slug or id, archived ones too), undefined for none, or a 400 in words. */
  async venueFilter(ref: string | undefined): Promise<number | undefined> {
    if (ref === undefined) return undefined;
    const found = await venueOfRequest(this.venues, ref, { open: false });
    if ('venue' in found) return found.venue.id;
    const message = `venue ${found.problem}`;
    throw new EventsFailure('invalid', message, { issues: [{ path: 'venue', message: found.problem }] });
  }

  async venueOf(row: EventRow): Promise<VenueRecord> {
    return (await this.venues.get(row.venue_id)) ?? (await this.venues.get(FIRST_VENUE_ID))!;
  }

  view(row: EventRow, venue: VenueRecord, now = new Date()): EventView {
    return {
      ...common(row),
      posterPath: row.poster_path,
      status: row.status,
      announcementPostId: row.announcement_post_id,
      nextNights: comingNights(schedule(row), now, venue.timeZone),
    };
  }

  /** One night of a published event, as What's on lists it. */
  night(row: EventRow, venue: VenueRecord, night: string): EventNight {
    const first = row.night === night || !row.repeats_weekly;
    return {
      ...common(row),
      night,
      venueName: venue.name,
      startsAt: isoInZone(nightInstant(night, row.doors_open, venue.timeZone), venue.timeZone),
      endsAt: isoInZone(nightInstant(night, row.last_entry, venue.timeZone), venue.timeZone),
      nightLabel: eventNightLabel(night),
      url: first ? `/whats-on/${row.slug}` : `/whats-on/${row.slug}?night=${night}`,
    };
  }

  /** The coming nights of published events (at one venue, given its id), soonest first (tonight's while it lasts). */
  async whatsOn(em: EntityManager, venueId?: number, now = new Date()): Promise<EventNight[]> {
    const venues = (await this.venues.all()).filter((venue) => venueId === undefined || venue.id === venueId);
    const earliest = venues.reduce((min, venue) => {
      const night = clubNightOf(now, venue.timeZone);
      return night < min ? night : min;
    }, '9999-12-31');
    const rows = await this.repository.publishedFrom(em, earliest, venueId);
    const nights: EventNight[] = [];
    for (const row of rows) {
      const venue = venues.find((candidate) => candidate.id === row.venue_id);
      if (!venue || venue.archived) continue;
      for (const night of comingNights(schedule(row), now, venue.timeZone)) nights.push(this.night(row, venue, night));
    }
    return nights.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.title.localeCompare(b.title)).slice(0, 100);
  }

  /** A published event's night: the one asked for, or its next. */
  async publishedNight(em: EntityManager, key: string, night?: string, now = new Date()) {
    const row = await this.repository.publishedByKey(em, key);
    if (!row) throw new EventsFailure('not_found', EVENT_NOT_FOUND);
    const venue = await this.venueOf(row);
    const coming = comingNights(schedule(row), now, venue.timeZone);
    const chosen = night ?? coming[0] ?? row.night;
    if (night !== undefined && !runsOn(schedule(row), night)) {
      throw new EventsFailure('not_found', NIGHT_NOT_FOUND);
    }
    return { row, venue, night: this.night(row, venue, chosen), coming };
  }
}

function common(row: EventRow) {
  return {
    id: row.id,
    venueId: row.venue_id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    lineUp: row.line_up,
    night: row.night,
    doorsOpen: row.doors_open,
    lastEntry: row.last_entry,
    repeatsWeekly: row.repeats_weekly,
    repeatUntil: row.repeat_until,
    agePolicy: row.age_policy,
    priceCents: row.price_cents,
    currency: row.currency,
    priceText: priceLabel(row.price_cents, row.currency),
    dressCode: row.dress_code,
    capacity: row.capacity,
    // Uploads are served under /media/ (the media module's GET /media/{objectPath}).
    posterUrl: row.poster_path ? `/media/${row.poster_path}` : null,
    guestList:
      row.list_capacity === null
        ? null
        : { capacity: row.list_capacity, freeUntil: row.list_free_until, cutoff: row.list_cutoff },
  };
}
