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


const Phone = optionalText(40);

export const ContactRequest = z.object({
  name: requiredText(120),
  email: Email,
  phone: Phone,
  message: requiredText(CONTACT_MESSAGE_MAX),
  /** Honeypot: a field people never see. Anything in it marks the message as spam. */
  website: z.string().max(2000).optional(),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

export const BookingRequest = z.object({
  name: requiredText(120),
  email: Email,
  phone: Phone,
  /** YYYY-MM-DD in venue time; today or later (checked by the server against VENUE_TZ). */
  date: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional().or(z.literal('').transform(() => undefined)),
  time: z.enum(BOOKING_TIMES, { message: `must be one of ${BOOKING_TIMES.join(', ')}` }).optional().or(z.literal('').transform(() => undefined)),
  guests: z.enum(BOOKING_GUESTS, { message: 'must be 1 to 5 or 6+' }).default(DEFAULT_BOOKING_GUESTS),
  service: z.enum(BOOKING_SERVICES, { message: `must be one of ${BOOKING_SERVICES.join(', ')}` }).default(DEFAULT_BOOKING_SERVICE),
  message: optionalText(CONTACT_MESSAGE_MAX),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

export const CreatedResponse = z.object({ success: z.literal(true), id: z.uuid() });
