import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { FIRST_VENUE_ID, type OpeningHours, venueOpeningHours, venueTimeZone } from '@nocturne/domain';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';

/** The venue a booking is at, as its e-mails and calendar entry name it. */
export interface MailVenue {
  id: number;
  name: string;
  /** One line: "12 Old Compton St, London W1D 4TQ, United Kingdom" ('' when none is set). */
  address: string;
  /** Its own zone, else the install's VENUE_TZ. */
  timeZone: string;
  openingHours: OpeningHours;
  /**
   * Whether the e-mails say which venue (its name, address and zone): in a group of several
   * venues. A single venue's e-mails read exactly as before venues.
   */
  named: boolean;
}

/** "London time (Europe/London)": the zone a venue's times are in, by its city. */
export const zoneWords = (timeZone: string) => `${timeZone.split('/').pop()!.replace(/_/g, ' ')} time (${timeZone})`;

/** The group's venues as the booking e-mails read them (PRODUCT.md §12). */
@Injectable()
export class MailVenues {
  constructor(@InjectConfig() private readonly config: WorkerConfig) {}

  private async all(em: EntityManager): Promise<MailVenue[]> {
    const rows = await db(em)
      .selectFrom('venues')
      .select([
        'id',
        'name',
        'street',
        'locality',
        'region',
        'postal_code',
        'country',
        'time_zone',
        'opening_hours',
        'archived_at',
      ])
      .orderBy('position')
      .orderBy('id')
      .execute();
    const named = rows.filter((row) => row.archived_at === null || row.archived_at === undefined).length > 1;
    return rows.map((row) => {
      const place = [row.locality, row.region, row.postal_code].filter(Boolean).join(' ');
      return {
        id: row.id,
        name: row.name,
        address: [row.street, place, row.country].filter(Boolean).join(', '),
        timeZone: venueTimeZone({ timeZone: row.time_zone ?? null }, { timeZone: this.config.VENUE_TZ }),
        openingHours: venueOpeningHours({ openingHours: (row.opening_hours as OpeningHours | null) ?? null }),
        named,
      };
    });
  }

  /** A booking's venue; the first venue (on the install's settings) if it is gone. */
  async of(em: EntityManager, venueId: number | null | undefined): Promise<MailVenue> {
    const venues = await this.all(em);
    const found = venues.find((venue) => venue.id === (venueId ?? FIRST_VENUE_ID));
    return (
      found ?? {
        id: FIRST_VENUE_ID,
        name: 'Nocturne',
        address: '',
        timeZone: this.config.VENUE_TZ,
        openingHours: venueOpeningHours({ openingHours: null }),
        named: false,
      }
    );
  }

  /** Every venue's id by its time zone: each zone has its own "tonight". */
  async idsByZone(em: EntityManager): Promise<Map<string, number[]>> {
    const zones = new Map<string, number[]>();
    for (const venue of await this.all(em)) zones.set(venue.timeZone, [...(zones.get(venue.timeZone) ?? []), venue.id]);
    return zones;
  }
}
