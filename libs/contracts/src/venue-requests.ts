import { z } from 'zod';
import { Email, optionalText, requiredText } from './common.js';
import { VenueRef } from './venues.js';
import {
  BOOKING_GUESTS,
  BOOKING_STATUSES,
  BOOKING_SERVICES,
  BOOKING_TIMES,
  CONTACT_MESSAGE_MAX,
  DEFAULT_BOOKING_GUESTS,
  DEFAULT_BOOKING_SERVICE,
} from './constants.js';

const Phone = optionalText(40, { multiline: false });

export const ContactRequest = z.object({
  name: requiredText(120, { multiline: false }),
  email: Email,
  phone: Phone,
  message: requiredText(CONTACT_MESSAGE_MAX),
  /** The venue written to (its slug or id); none: the group's first open venue. */
  venue: VenueRef.optional(),
  /** Honeypot: a field people never see. Anything in it marks the message as spam. */
  website: z.string().max(2000).optional(),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** The least time a person takes to fill in the booking form. */
export const MIN_BOOKING_FILL_MS = 3000;

export const BookingRequest = z.object({
  name: requiredText(120, { multiline: false }),
  email: Email,
  phone: Phone,
  /**
   * The club night (YYYY-MM-DD, the evening's date in venue time); required. From tonight (before
   * 06:00 that is the night that began yesterday) to 6 months ahead: the server checks it against
   * VENUE_TZ and names the night at fault (PRODUCT.md §2.3).
   */
  date: z.iso
    .date({ message: 'must be a date (YYYY-MM-DD)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Required: one of the night's slots from its opening hours, not yet begun (checked by the server). */
  time: z
    .enum(BOOKING_TIMES, { message: `must be one of ${BOOKING_TIMES.join(', ')}` })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  guests: z.enum(BOOKING_GUESTS, { message: 'must be 1 to 5 or 6+' }).default(DEFAULT_BOOKING_GUESTS),
  service: z
    .enum(BOOKING_SERVICES, { message: `must be one of ${BOOKING_SERVICES.join(', ')}` })
    .default(DEFAULT_BOOKING_SERVICE),
  message: optionalText(CONTACT_MESSAGE_MAX),
  /** The venue booked (its slug or id): its hours, zone, capacity and inbox; none: the group's first open venue. */
  venue: VenueRef.optional(),
  /** Honeypot: a field people never see. Anything in it: answered as accepted, nothing stored or sent. */
  website: z.string().max(2000).optional(),
  /**
   * Milliseconds the form was open before it was sent (the SPA measures it). Under 3 s it was not
   * filled in by a person: refused, so the booking form cannot be scripted into an e-mail cannon.
   */
  fillMs: z.coerce
    .number({ message: 'is required' })
    .int('must be whole milliseconds')
    .min(MIN_BOOKING_FILL_MS, 'the form was sent too quickly; please check your details and send it again'),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

export const CreatedResponse = z.object({ success: z.literal(true), id: z.uuid() });

/** What the browser needs to know of the venue: the time zone its dates and times are in (VENUE_TZ). */
export const VenueInfo = z.object({ timeZone: z.string() }).meta({ id: 'VenueInfo' });
export type VenueInfo = z.infer<typeof VenueInfo>;

const NightDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const Service = z.enum(BOOKING_SERVICES, { message: `must be one of ${BOOKING_SERVICES.join(', ')}` });

/** The nights the date picker asks about (at most 7 months of them). */
export const BookingAvailabilityQuery = z.object({
  from: NightDate.optional(),
  to: NightDate.optional(),
  /** The venue (slug or id) whose nights, in its own time zone; none: the group's first open venue. */
  venue: VenueRef.optional(),
});
export type BookingAvailabilityQuery = z.infer<typeof BookingAvailabilityQuery>;

/**
 * What the booking form needs before anyone fills it: the first and last nights that can be
 * booked now (tonight, 6 months on), and the nights and services that are fully booked.
 */
export const BookingAvailability = z
  .object({
    firstNight: z.string(),
    lastNight: z.string(),
    full: z.array(z.object({ night: z.string(), service: Service })),
  })
  .meta({ id: 'BookingAvailability' });
export type BookingAvailability = z.infer<typeof BookingAvailability>;

/** The signed link in a guest's e-mail carries the booking's id and this HMAC token. */
export const BookingCancelToken = z.object({ token: z.string({ message: 'is required' }).min(1).max(200) });
export type BookingCancelToken = z.infer<typeof BookingCancelToken>;

/** What the cancel page shows of a booking: enough for the guest to know it is theirs. */
export const BookingCancellation = z
  .object({
    night: z.string().nullable(),
    time: z.string().nullable(),
    service: Service,
    guests: z.string(),
    status: z.enum(BOOKING_STATUSES),
    /** False once the night has ended or the booking is declined or already cancelled. */
    cancellable: z.boolean(),
  })
  .meta({ id: 'BookingCancellation' });
export type BookingCancellation = z.infer<typeof BookingCancellation>;
