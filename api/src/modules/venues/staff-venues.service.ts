import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { FIRST_VENUE_ID, namesInWords, type Role, venueWriteRefusal, worksAtOnlyMessage } from '@nocturne/domain';
import { VenueDirectory } from './venue-directory.service.js';
import type { VenueRecord } from './venue-rows.js';
import { VenueScopeFailure } from './venue-scope-failure.js';

/**
 * Where a staffer works: every venue (an admin, or a door or manager account granted none: a
 * group manager), or only the venues granted to it (staff_venues).
 */
export type VenueScope = { all: true } | { all: false; venueIds: number[] };

export interface Staffer {
  id: string;
  role: Role;
}

const VENUE_ISSUE = (message: string) => ({ issues: [{ path: 'venueId', message }] });

/**
 * Staff venue grants (staff_venues) and the rules that read them: which venue a door request is
 * at, and whether a staffer may see or act at a venue. A request that names no venue is at the
 * account's only venue, else the group's only open venue, else the first venue.
 */
@Injectable()
export class StaffVenues {
  constructor(private readonly venues: VenueDirectory) {}

  /** The venue ids granted to an account, in id order (none: all venues). */
  async grantsOf(em: EntityManager, memberId: string): Promise<number[]> {
    const rows = await db(em)
      .selectFrom('staff_venues')
      .select('venue_id')
      .where('member_id', '=', memberId)
      .orderBy('venue_id')
      .execute();
    return rows.map((row) => row.venue_id);
  }

  /** The grants of several accounts at once (the staff list). */
  async grantsOfMany(em: EntityManager, memberIds: readonly string[]): Promise<Map<string, number[]>> {
    const grants = new Map<string, number[]>();
    if (memberIds.length === 0) return grants;
    const rows = await db(em)
      .selectFrom('staff_venues')
      .select(['member_id', 'venue_id'])
      .where('member_id', 'in', [...memberIds])
      .orderBy('venue_id')
      .execute();
    for (const row of rows) grants.set(row.member_id, [...(grants.get(row.member_id) ?? []), row.venue_id]);
    return grants;
  }

  /** Replaces an account's grants (none: all venues). The caller checks the ids (`checkVenueIds`). */
  async setGrants(tx: EntityManager, memberId: string, venueIds: readonly number[]): Promise<void> {
    await db(tx).deleteFrom('staff_venues').where('member_id', '=', memberId).execute();
    if (venueIds.length === 0) return;
    await db(tx)
      .insertInto('staff_venues')
      .values([...new Set(venueIds)].map((venueId) => ({ member_id: memberId, venue_id: venueId })))
      .execute();
  }

  /** Where a staffer works. Admins work everywhere, whatever rows they have. */
  async scopeOf(em: EntityManager, staff: Staffer): Promise<VenueScope> {
    if (staff.role === 'admin') return { all: true };
    const venueIds = await this.grantsOf(em, staff.id);
    return venueIds.length === 0 ? { all: true } : { all: false, venueIds };
  }

  /**
   * Refuses, in words, a coupon, post or promotion (`thing`) the account `staffId` may not write
   * when it works at some venues only: one for the whole group or another venue (`before`: what it is for now; `after`: what
   * the write makes it for; undefined: not changing). Admins, group accounts and accounts of every
   * open venue write anything.
   */
  async assertMayWriteFor(
    em: EntityManager,
    staffId: string,
    thing: string,
    venues: { before?: readonly number[] | undefined; after?: readonly number[] | undefined },
  ): Promise<void> {
    const scope = await this.scopeOfAccount(em, staffId);
    if (scope.all) return;
    // An account that works at every open venue writes for the whole group (a group of one venue, say).
    if ((await this.venues.open()).every((venue) => scope.venueIds.includes(venue.id))) return;
    const refusal = venueWriteRefusal({ mine: scope.venueIds, thing, ...venues, names: await this.venues.namer() });
    if (refusal)
      throw new VenueScopeFailure(
        'forbidden',
        refusal.message,
        refusal.field ? { issues: [{ path: refusal.field, message: refusal.message }] } : {},
      );
  }

  /** Refuses, in words (403), an account that does not work at the venue a booking, message or list is at. */
  async assertWorksAt(em: EntityManager, staffId: string, venueId: number): Promise<void> {
    const scope = await this.scopeOfAccount(em, staffId);
    if (!StaffVenues.covers(scope, venueId)) throw new VenueScopeFailure('forbidden', await this.worksAtOnly(scope));
  }

  /** Where the account `staffId` works, its role read from its row. */
  private async scopeOfAccount(em: EntityManager, staffId: string): Promise<VenueScope> {
    const account = await db(em).selectFrom('members').select('role').where('id', '=', staffId).executeTakeFirst();
    return this.scopeOf(em, { id: staffId, role: account?.role ?? 'member' });
  }

  /** Whether the scope takes in the venue. */
  static covers(scope: VenueScope, venueId: number): boolean {
    return scope.all || scope.venueIds.includes(venueId);
  }

  /**
   * The venue a door request is at: the one it names (known, open, and the staffer's), else the
   * account's only venue, else the group's only open venue, else the first venue. Refused in words:
   * an unknown or archived venue (400), one the account does not work at (403).
   */
  async doorVenue(em: EntityManager, staff: Staffer, requested: number | undefined): Promise<VenueRecord> {
    const scope = await this.scopeOf(em, staff);
    const venue = await this.chosen(scope, requested);
    if (!StaffVenues.covers(scope, venue.id)) throw new VenueScopeFailure('forbidden', await this.worksAtOnly(scope));
    if (venue.archived) {
      const message = `${venue.name} is archived: it takes no door activity`;
      throw new VenueScopeFailure('invalid', message, VENUE_ISSUE(message));
    }
    return venue;
  }

  /**
   * The venue a staff read is about: the one named (known, and the staffer's), or undefined for
   * "every venue the staffer works at". Refuses an unknown venue (400) or another's (403).
   */
  async readVenue(
    em: EntityManager,
    staff: Staffer,
    requested: number | undefined,
  ): Promise<{ scope: VenueScope; venueId?: number }> {
    const scope = await this.scopeOf(em, staff);
    if (requested === undefined) return { scope };
    const venue = await this.venues.get(requested);
    if (!venue) {
      const message = `No venue ${requested}`;
      throw new VenueScopeFailure('invalid', message, VENUE_ISSUE(message));
    }
    if (!StaffVenues.covers(scope, venue.id)) throw new VenueScopeFailure('forbidden', await this.worksAtOnly(scope));
    return { scope, venueId: venue.id };
  }

  /** "This account works at A and B only". */
  async worksAtOnly(scope: VenueScope): Promise<string> {
    return worksAtOnlyMessage(await this.namesOf(scope.all ? [] : scope.venueIds));
  }

  namesOf(venueIds: readonly number[]): Promise<string[]> {
    return this.venues.names(venueIds);
  }

  private async chosen(scope: VenueScope, requested: number | undefined): Promise<VenueRecord> {
    if (requested !== undefined) {
      const venue = await this.venues.get(requested);
      if (!venue) {
        const message = `No venue ${requested}`;
        throw new VenueScopeFailure('invalid', message, VENUE_ISSUE(message));
      }
      return venue;
    }
    if (!scope.all) {
      const open = (await this.venues.open()).filter((venue) => scope.venueIds.includes(venue.id));
      if (open.length === 1) return open[0]!;
      const names = await this.namesOf(scope.venueIds);
      const message = `Choose the venue: this account works at ${namesInWords(names)}`;
      throw new VenueScopeFailure('invalid', message, VENUE_ISSUE(message));
    }
    const open = await this.venues.open();
    if (open.length === 1) return open[0]!;
    const first = await this.venues.get(FIRST_VENUE_ID);
    if (first) return first;
    throw new VenueScopeFailure('invalid', 'Choose the venue', VENUE_ISSUE('Choose the venue'));
  }
}
