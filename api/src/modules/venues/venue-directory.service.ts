import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { FIRST_VENUE_ID } from '@nocturne/domain';
import { KeptFor } from '#common/kept-for.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { installVenueDefaults } from './venue-defaults.js';
import { type VenueRecord, venueRecordOf } from './venue-rows.js';
import { VenuesRepository } from './venues.repository.js';

/** How long a process keeps the venue list before reading it again (venues change rarely). */
const FRESH_FOR_MS = 5_000;

/**
 * The group's venues as every module reads them: a venue's zone, hours and inbox (its own or the
 * install's), by id or slug. Kept in memory for a few seconds, since nearly every request needs
 * them; `forget()` after a change made in this process, other replicas see it within FRESH_FOR_MS.
 */
@Injectable()
export class VenueDirectory {
  private readonly venueList = new KeptFor(FRESH_FOR_MS, () => this.read());

  constructor(
    private readonly em: EntityManager,
    private readonly venues: VenuesRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  /** Every venue, archived ones too (their history names them), in the group's order. */
  all(): Promise<VenueRecord[]> {
    return this.venueList.get();
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

  /** The venues' names, in the order of the ids given ("Venue 7" for an id the group does not have). */
  async names(ids: readonly number[]): Promise<string[]> {
    return (await this.namer())(ids);
  }

  /** `names` for many lists at once: the venues are read once. */
  async namer(): Promise<(ids: readonly number[]) => string[]> {
    const venues = await this.all();
    return (ids) => ids.map((id) => venues.find((venue) => venue.id === id)?.name ?? `Venue ${id}`);
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
    this.venueList.forget();
  }

  private async read(): Promise<VenueRecord[]> {
    const defaults = installVenueDefaults(this.config);
    return (await this.venues.all(this.em.fork())).map((row) => venueRecordOf(row, defaults));
  }
}
