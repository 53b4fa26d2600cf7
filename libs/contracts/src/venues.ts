import {
  CLUB_NIGHT_ROLLOVER_HOUR,
  dateTimeFormat,
  VENUE_KINDS,
  VENUE_NAME_MAX,
  VENUE_SLUG_MAX,
  VENUE_SLUG_PATTERN,
} from '@nocturne/domain';
import { z } from 'zod';
import { Email, optionalText, requiredText } from './common.js';

/*
 * The group's venues (PRODUCT.md §12): what the public site shows of each open venue, and what
 * an admin creates, edits and archives.
 */

export const VenueKind = z.enum(VENUE_KINDS, { message: 'must be NightClub or BarOrPub' });

/** A venue's id in a path: the whole number the venues table gives it. */
export const VenueIdParams = z.object({
  id: z.coerce
    .number({ message: 'must be a venue id' })
    .int('must be a venue id')
    .min(1, 'must be a venue id')
    .max(2_147_483_647),
});
export type VenueIdParams = z.infer<typeof VenueIdParams>;

/** A venue named in a request (a form's hidden field, `?venue=`): its slug or its id. */
export const VenueRef = z
  .string()
  .trim()
  .max(VENUE_SLUG_MAX, 'must be a venue slug or id')
  .regex(/^(?:\d+|[a-z0-9]+(?:-[a-z0-9]+)*)$/, 'must be a venue slug or id');

/** An hour counted from the night's evening: 01:00 is the night's 25th hour. */
const nightHour = (hour: number) => (hour < CLUB_NIGHT_ROLLOVER_HOUR ? hour + 24 : hour);
const hour = (message: string) => z.number({ message }).int(message).min(0, message).max(23, message);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * Opening hours by weekday (0 = Sunday, the weekday of the night's evening): the hour the doors
 * open each night (12 to 23), the hour the night closes (before 06:00 the next morning, or later
 * the same evening), and the last hour a booking may start (18:00 to 02:00, before closing; by
 * default two hours before closing).
 */
export const VenueOpeningHours = z
  .object({
    opensAtHour: z
      .array(hour('must be an hour from 12 to 23').min(12, 'must be an hour from 12 to 23'), {
        message: 'must give an opening hour for each weekday',
      })
      .length(7, 'must give an opening hour for each of the 7 weekdays, Sunday first'),
    closesAtHour: hour('must be an hour from 0 to 23'),
    lastBookingHour: hour('must be an hour from 0 to 23').optional(),
  })
  .superRefine((hours, context) => {
    const closes = nightHour(hours.closesAtHour);
    if (hours.closesAtHour >= CLUB_NIGHT_ROLLOVER_HOUR && hours.closesAtHour < 12) {
      context.addIssue({
        code: 'custom',
        path: ['closesAtHour'],
        message: 'must be before 06:00, when the club night ends',
        input: hours.closesAtHour,
      });
      return;
    }
    hours.opensAtHour.forEach((opens, weekday) => {
      if (opens >= closes) {
        context.addIssue({
          code: 'custom',
          path: ['opensAtHour', weekday],
          message: `must be before the closing hour (${WEEKDAYS[weekday]})`,
          input: opens,
        });
      }
    });
    if (hours.lastBookingHour !== undefined) {
      const last = nightHour(hours.lastBookingHour);
      if (last < 18 || last > 26) {
        context.addIssue({
          code: 'custom',
          path: ['lastBookingHour'],
          message: 'must be an hour from 18:00 to 02:00',
          input: hours.lastBookingHour,
        });
      } else if (last >= closes) {
        context.addIssue({
          code: 'custom',
          path: ['lastBookingHour'],
          message: 'must be before the closing hour',
          input: hours.lastBookingHour,
        });
      }
    }
  })
  .transform((hours) => ({
    opensAtHour: hours.opensAtHour,
    closesAtHour: hours.closesAtHour,
    // Two hours before closing, and never after 02:00 (the last time the booking form offers).
    lastBookingHour: hours.lastBookingHour ?? Math.min(nightHour(hours.closesAtHour) - 2, 26) % 24,
  }));
export type VenueOpeningHours = z.output<typeof VenueOpeningHours>;

export const OpeningHoursView = z
  .object({ opensAtHour: z.array(z.number().int()), closesAtHour: z.number().int(), lastBookingHour: z.number().int() })
  .meta({ id: 'VenueOpeningHours' });

const Coordinate = (min: number, max: number, what: string) =>
  z
    .number({ message: `must be a ${what} in degrees` })
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

export const VenueLocation = z
  .object({ latitude: Coordinate(-90, 90, 'latitude'), longitude: Coordinate(-180, 180, 'longitude') })
  .meta({ id: 'VenueLocation' });
export type VenueLocation = z.infer<typeof VenueLocation>;

/** Whether the runtime knows a time zone by its IANA name ("Australia/Sydney"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    dateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = z
  .string({ message: 'must be an IANA time zone such as Australia/Sydney' })
  .trim()
  .max(64, 'must be at most 64 characters')
  .refine(isTimeZone, 'must be an IANA time zone such as Australia/Sydney or Europe/London');

const Slug = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(VENUE_SLUG_MAX, `must be at most ${VENUE_SLUG_MAX} characters`)
  .regex(VENUE_SLUG_PATTERN, 'must be lower-case letters and digits, words joined by single hyphens (the-velvet-room)');

const line = (max: number) => optionalText(max, { multiline: false }).transform((value) => value ?? '');

export const VenueAddress = z.object({
  street: line(120),
  locality: line(80),
  region: line(80),
  postalCode: line(20),
  country: line(60),
});

/** Everything an admin sets on a venue. A null zone, inbox, hours or location: the install's settings. */
const VenueFields = z.object({
  slug: Slug,
  name: requiredText(VENUE_NAME_MAX, { multiline: false }),
  kind: VenueKind.default('NightClub'),
  address: VenueAddress.default({ street: '', locality: '', region: '', postalCode: '', country: '' }),
  phone: line(40),
  inboxEmail: Email.nullable().default(null),
  timeZone: TimeZone.nullable().default(null),
  openingHours: VenueOpeningHours.nullable().default(null),
  location: VenueLocation.nullable().default(null),
  position: z.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(1000).optional(),
});

export const CreateVenueRequest = VenueFields.meta({ id: 'CreateVenueRequest' });
export type CreateVenueRequest = z.output<typeof CreateVenueRequest>;

/** An edit: only the fields sent change (null sets a zone, inbox, hours or location back to the install's). */
export const UpdateVenueRequest = z
  .object({
    slug: Slug.optional(),
    name: requiredText(VENUE_NAME_MAX, { multiline: false }).optional(),
    kind: VenueKind.optional(),
    address: VenueAddress.partial().optional(),
    phone: line(40).optional(),
    inboxEmail: Email.nullable().optional(),
    timeZone: TimeZone.nullable().optional(),
    openingHours: VenueOpeningHours.nullable().optional(),
    location: VenueLocation.nullable().optional(),
    position: z.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(1000).optional(),
  })
  .meta({ id: 'UpdateVenueRequest' });
export type UpdateVenueRequest = z.output<typeof UpdateVenueRequest>;

const AddressView = z.object({
  street: z.string(),
  locality: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** An open venue as the public site shows it: where it is, when it opens, how to reach it. */
export const PublicVenueView = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    kind: VenueKind,
    address: AddressView,
    phone: z.string(),
    timeZone: z.string(),
    openingHours: OpeningHoursView,
    location: VenueLocation.nullable(),
  })
  .meta({ id: 'PublicVenue' });
export type PublicVenueView = z.infer<typeof PublicVenueView>;

export const PublicVenueList = z
  .object({
    /** The open venues in the group's order. One venue: the site shows no list and no picker. */
    venues: z.array(PublicVenueView),
  })
  .meta({ id: 'PublicVenueList' });
export type PublicVenueList = z.infer<typeof PublicVenueList>;

/** A venue as the admin Venues screen edits it: its own settings (null: the install's) and what they come to. */
export const AdminVenueView = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    kind: VenueKind,
    address: AddressView,
    phone: z.string(),
    inboxEmail: z.string().nullable(),
    timeZone: z.string().nullable(),
    openingHours: OpeningHoursView.nullable(),
    location: VenueLocation.nullable(),
    position: z.number().int(),
    archivedAt: z.iso.datetime().nullable(),
    /** What the venue runs on: its own settings, else VENUE_TZ, VENUE_INBOX, the default hours, WALLET_VENUE_LOCATION. */
    effective: z.object({
      inboxEmail: z.string(),
      timeZone: z.string(),
      openingHours: OpeningHoursView,
      location: VenueLocation.nullable(),
    }),
  })
  .meta({ id: 'AdminVenue' });
export type AdminVenueView = z.infer<typeof AdminVenueView>;

export const AdminVenueList = z.object({ venues: z.array(AdminVenueView) }).meta({ id: 'AdminVenueList' });
export type AdminVenueList = z.infer<typeof AdminVenueList>;
