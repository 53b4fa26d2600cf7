import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import {
  FIRST_VENUE_ID,
  type InstallVenueDefaults,
  type OpeningHours,
  type VenueKind,
  venueInbox,
  venueLocation,
  venueOpeningHours,
  venueTimeZone,
} from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';

/** A venue with the install's settings filled in where it has none of its own. */
export interface VenueRecord {
  id: number;
  slug: string;
  name: string;
  kind: VenueKind;
  address: { street: string; locality: string; region: string; postalCode: string; country: string };
  phone: string;
  inboxEmail: string;
  timeZone: string;
  openingHours: OpeningHours;
  location: { latitude: number; longitude: number } | null;
  position: number;
  archived: boolean;
  /** Whether the zone, hours, inbox and location are the venue's own (false: the install's settings). */
  own: { timeZone: boolean; openingHours: boolean; inboxEmail: boolean; location: boolean };
}

/** How long a process keeps the venue list before reading it again (venues change rarely). */
const FRESH_FOR_MS = 5_000;

/**
 * The group's venues as every module reads them: a venue's zone, hours and inbox (its own or the
 * install's), by id or slug. Kept in memory for a few seconds, since nearly every request needs
 * them; `forget()` after a change made in this process, other replicas see it within FRESH_FOR_MS.
 */
@Injectable()
export class VenueDirectory {
  private cached: { at: number; venues: Promise<VenueRecord[]> } | undefined;

  constructor(
    private readonly em: EntityManager,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  /** Every venue, archived ones too (their history names them), in the group's order. */
  all(): Promise<VenueRecord[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > FRESH_FOR_MS) {
      const venues = this.read();
      this.cached = { at: now, venues };
      // A failed read is not kept: the next call reads again.
      venues.catch(() => {
        if (this.cached?.venues === venues) this.cached = undefined;
      });
    }
    return this.cached.venues;
  }

  /** The venues taking activity now (not archived). */
  async open(): Promise<VenueRecord[]> {
    return (await this.all()).filter((venue) => !venue.archived);
  }

  async get(id: number): Promise<VenueRecord | undefined> {
    return (await this.all()).find((venue) => venue.id === id);
  }

  async bySlug(slug: string): Promise<VenueRecord | undefined> {
    return (await this.all()).find((venue) => venue.slug === slug);
  }

  /** A venue's time zone; the install's VENUE_TZ for a venue that has none (or an unknown id). */
  async timeZoneOf(id: number = FIRST_VENUE_ID): Promise<string> {
    return (await this.get(id))?.timeZone ?? this.config.VENUE_TZ;
  }

  /** Whether the install is a group of one venue (no picker, the same URLs as before venues). */
  async single(): Promise<boolean> {
    return (await this.open()).length <= 1;
  }

  /** Drop the kept list: the next read sees a change this process just made. */
  forget(): void {
    this.cached = undefined;
  }

  private async read(): Promise<VenueRecord[]> {
    const defaults: InstallVenueDefaults = {
      timeZone: this.config.VENUE_TZ,
      inboxEmail: this.config.VENUE_INBOX,
      location: this.config.WALLET_VENUE_LOCATION,
    };
    const rows = await db(this.em.fork()).selectFrom('venues').selectAll().orderBy('position').orderBy('id').execute();
    return rows.map((row) => {
      const settings = {
        id: row.id,
        timeZone: row.time_zone ?? null,
        openingHours: row.opening_hours ?? null,
        inboxEmail: row.inbox_email ?? null,
        // double precision, which the driver may answer as text.
        latitude: row.latitude === null || row.latitude === undefined ? null : Number(row.latitude),
        longitude: row.longitude === null || row.longitude === undefined ? null : Number(row.longitude),
      };
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        kind: row.kind,
        address: {
          street: row.street,
          locality: row.locality,
          region: row.region,
          postalCode: row.postal_code,
          country: row.country,
        },
        phone: row.phone,
        inboxEmail: venueInbox(settings, defaults),
        timeZone: venueTimeZone(settings, defaults),
        openingHours: venueOpeningHours(settings),
        location: venueLocation(settings, defaults),
        position: row.position,
        archived: row.archived_at !== null && row.archived_at !== undefined,
        own: {
          timeZone: settings.timeZone !== null,
          openingHours: settings.openingHours !== null,
          inboxEmail: settings.inboxEmail !== null,
          location: settings.latitude !== null && settings.longitude !== null,
        },
      };
    });
  }
}
