import type { AdminVenueView, CreateVenueRequest, PublicVenueView, UpdateVenueRequest } from '@nocturne/contracts';
import type { InstallVenueDefaults, OpeningHours } from '@nocturne/domain';
import { addressOf, effectiveSettingsOf, ownSettingsOf, type VenueRecord } from './venue-rows.js';
import type { VenueColumns, VenueRow } from './venues.repository.js';

const isoOf = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);
const hoursView = (hours: OpeningHours) => ({
  opensAtHour: [...hours.opensAtHour],
  closesAtHour: hours.closesAtHour,
  lastBookingHour: hours.lastBookingHour,
});

/** A venue as the admin Venues screen edits it: its own settings, and what they come to. */
export function adminVenueView(row: VenueRow, defaults: InstallVenueDefaults): AdminVenueView {
  const settings = ownSettingsOf(row);
  const effective = effectiveSettingsOf(settings, defaults);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    address: addressOf(row),
    phone: row.phone,
    inboxEmail: settings.inboxEmail,
    timeZone: settings.timeZone,
    openingHours: settings.openingHours ? hoursView(settings.openingHours) : null,
    location:
      settings.latitude !== null && settings.longitude !== null
        ? { latitude: settings.latitude, longitude: settings.longitude }
        : null,
    position: row.position,
    archivedAt: isoOf(row.archived_at),
    effective: { ...effective, openingHours: hoursView(effective.openingHours) },
  };
}

/** An open venue as the public site shows it (never its inbox address). */
export function publicVenueView(venue: VenueRecord): PublicVenueView {
  return {
    id: venue.id,
    slug: venue.slug,
    name: venue.name,
    kind: venue.kind,
    address: { ...venue.address },
    phone: venue.phone,
    timeZone: venue.timeZone,
    openingHours: hoursView(venue.openingHours),
    location: venue.location,
  };
}

/** The columns a create request sets. */
export function columnsOfCreate(input: CreateVenueRequest, position: number): VenueColumns {
  return {
    slug: input.slug,
    name: input.name,
    kind: input.kind,
    street: input.address.street,
    locality: input.address.locality,
    region: input.address.region,
    postal_code: input.address.postalCode,
    country: input.address.country,
    phone: input.phone,
    inbox_email: input.inboxEmail,
    time_zone: input.timeZone,
    opening_hours: input.openingHours,
    latitude: input.location?.latitude ?? null,
    longitude: input.location?.longitude ?? null,
    position,
  };
}

/** The columns an edit changes: only what it sends. */
export function columnsOfUpdate(input: UpdateVenueRequest): Partial<VenueColumns> {
  const columns: Partial<VenueColumns> = {};
  if (input.slug !== undefined) columns.slug = input.slug;
  if (input.name !== undefined) columns.name = input.name;
  if (input.kind !== undefined) columns.kind = input.kind;
  if (input.address?.street !== undefined) columns.street = input.address.street;
  if (input.address?.locality !== undefined) columns.locality = input.address.locality;
  if (input.address?.region !== undefined) columns.region = input.address.region;
  if (input.address?.postalCode !== undefined) columns.postal_code = input.address.postalCode;
  if (input.address?.country !== undefined) columns.country = input.address.country;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.inboxEmail !== undefined) columns.inbox_email = input.inboxEmail;
  if (input.timeZone !== undefined) columns.time_zone = input.timeZone;
  if (input.openingHours !== undefined) columns.opening_hours = input.openingHours;
  if (input.location !== undefined) {
    columns.latitude = input.location?.latitude ?? null;
    columns.longitude = input.location?.longitude ?? null;
  }
  if (input.position !== undefined) columns.position = input.position;
  return columns;
}

/** What an audit row keeps of a venue: its settings, never free text beyond what the rules copy. */
export function auditedVenue(view: AdminVenueView): Record<string, unknown> {
  return {
    slug: view.slug,
    name: view.name,
    kind: view.kind,
    address: view.address,
    phone: view.phone,
    inboxEmail: view.inboxEmail,
    timeZone: view.timeZone,
    openingHours: view.openingHours,
    location: view.location,
    position: view.position,
    archivedAt: view.archivedAt,
  };
}
