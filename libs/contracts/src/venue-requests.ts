import { z } from 'zod';
import { Email, optionalText, requiredText } from './common.js';
import {
  BOOKING_GUESTS,
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
  /** YYYY-MM-DD in venue time; today or later (checked by the server against VENUE_TZ). */
  date: z.iso
    .date({ message: 'must be a date (YYYY-MM-DD)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  time: z
    .enum(BOOKING_TIMES, { message: `must be one of ${BOOKING_TIMES.join(', ')}` })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  guests: z.enum(BOOKING_GUESTS, { message: 'must be 1 to 5 or 6+' }).default(DEFAULT_BOOKING_GUESTS),
  service: z
    .enum(BOOKING_SERVICES, { message: `must be one of ${BOOKING_SERVICES.join(', ')}` })
    .default(DEFAULT_BOOKING_SERVICE),
  message: optionalText(CONTACT_MESSAGE_MAX),
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
