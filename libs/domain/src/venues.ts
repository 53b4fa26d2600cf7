import { VENUE_OPENING_HOURS, type OpeningHours } from './booking-night.js';

/*
 * A venue group: one membership, one or more venues (PRODUCT.md §12). Pure rules shared by the
 * api, the worker and the web. An install from before venues is a group of one venue whose zone,
 * hours, inbox and location are unset and read from the install's settings (VENUE_TZ,
 * VENUE_INBOX, WALLET_VENUE_LOCATION, the domain's opening hours), so it behaves as it did.
 */

/** What schema.org calls a venue (its JSON-LD @type). */
export const VENUE_KINDS = ['NightClub', 'BarOrPub'] as const;
export type VenueKind = (typeof VENUE_KINDS)[number];

/** The venue every install has: the one a database from before venues was migrated into. */
export const FIRST_VENUE_ID = 1;

/** A venue's slug, its address on the public site (/venues/:slug): lower-case words joined by hyphens. */
export const VENUE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const VENUE_SLUG_MAX = 40;
export const VENUE_NAME_MAX = 80;
/** Apple Wallet shows a pass on the lock screen near at most ten locations. */
export const WALLET_LOCATIONS_MAX = 10;

/** The parts of a venue row its rules read; unset parts fall back to the install's settings. */
export type VenueSettings = {
  id: number;
  timeZone: string | null;
  openingHours: OpeningHours | null;
  inboxEmail: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** The install's settings a venue without its own falls back to. */
export type InstallVenueDefaults = {
  timeZone: string;
  inboxEmail: string;
  /** WALLET_VENUE_LOCATION, "latitude,longitude", when set. */
  location?: string | undefined;
};

/** A venue's time zone: its own, else the install's VENUE_TZ. */
export function venueTimeZone(venue: Pick<VenueSettings, 'timeZone'>, defaults: Pick<InstallVenueDefaults, 'timeZone'>): string {
  return venue.timeZone ?? defaults.timeZone;
}

/** A venue's opening hours: its own, else the domain's. */
export function venueOpeningHours(venue: Pick<VenueSettings, 'openingHours'>): OpeningHours {
  return venue.openingHours ?? VENUE_OPENING_HOURS;
}

/** Where a venue's booking requests and contact messages are e-mailed: its own inbox, else VENUE_INBOX. */
export function venueInbox(venue: Pick<VenueSettings, 'inboxEmail'>, defaults: Pick<InstallVenueDefaults, 'inboxEmail'>): string {
  return venue.inboxEmail ?? defaults.inboxEmail;
}

/** A venue's position: its own, else (for the first venue only) WALLET_VENUE_LOCATION; null when neither. */
export function venueLocation(
  venue: Pick<VenueSettings, 'id' | 'latitude' | 'longitude'>,
  defaults: Pick<InstallVenueDefaults, 'location'>,
): { latitude: number; longitude: number } | null {
  if (venue.latitude !== null && venue.longitude !== null) return { latitude: venue.latitude, longitude: venue.longitude };
  if (venue.id !== FIRST_VENUE_ID || !defaults.location) return null;
  const [latitude, longitude] = defaults.location.split(',').map((part) => Number(part.trim())) as [number, number];
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}
