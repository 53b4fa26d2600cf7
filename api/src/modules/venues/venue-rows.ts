import {
  type InstallVenueDefaults,
  type OpeningHours,
  type VenueKind,
  type VenueSettings,
  venueInbox,
  venueLocation,
  venueOpeningHours,
  venueTimeZone,
} from '@nocturne/domain';
import type { VenueRow } from './venues.repository.js';

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

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A row's own settings, null where the venue takes the install's (coordinates are double precision, maybe text). */
export function ownSettingsOf(row: VenueRow): VenueSettings {
  return {
    id: row.id,
    timeZone: row.time_zone ?? null,
    openingHours: (row.opening_hours as OpeningHours | null) ?? null,
    inboxEmail: row.inbox_email ?? null,
    latitude: numberOrNull(row.latitude),
    longitude: numberOrNull(row.longitude),
  };
}

export function addressOf(row: VenueRow): VenueRecord['address'] {
  return {
    street: row.street,
    locality: row.locality,
    region: row.region,
    postalCode: row.postal_code,
    country: row.country,
  };
}

/** What a row comes to: its own settings where it has them, the install's elsewhere. */
export function effectiveSettingsOf(settings: VenueSettings, defaults: InstallVenueDefaults) {
  return {
    inboxEmail: venueInbox(settings, defaults),
    timeZone: venueTimeZone(settings, defaults),
    openingHours: venueOpeningHours(settings),
    location: venueLocation(settings, defaults),
  };
}

export function venueRecordOf(row: VenueRow, defaults: InstallVenueDefaults): VenueRecord {
  const settings = ownSettingsOf(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    address: addressOf(row),
    phone: row.phone,
    ...effectiveSettingsOf(settings, defaults),
    position: row.position,
    archived: row.archived_at !== null && row.archived_at !== undefined,
    own: {
      timeZone: settings.timeZone !== null,
      openingHours: settings.openingHours !== null,
      inboxEmail: settings.inboxEmail !== null,
      location: settings.latitude !== null && settings.longitude !== null,
    },
  };
}
