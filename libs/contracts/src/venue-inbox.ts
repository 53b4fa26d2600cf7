import { z } from 'zod';
import { optionalText } from './common.js';
import { VenueRef } from './venues.js';
import {
  BOOKING_DECISIONS,
  BOOKING_GUESTS,
  BOOKING_NOTE_MAX,
  BOOKING_SERVICES,
  BOOKING_STATUSES,
  BOOKING_TIMES,
  CONTACT_MESSAGE_STATES,
  DELIVERY_STATES,
  INBOX_DELIVERY_KINDS,
} from './constants.js';

/** Where one e-mail stands: the worker retries with backoff and records the last error. */
export const EmailDeliveryView = z
  .object({
    kind: z.enum(INBOX_DELIVERY_KINDS),
    recipient: z.string(),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'EmailDelivery' });
export type EmailDeliveryView = z.infer<typeof EmailDeliveryView>;

/** The venue a message or booking is for, as a staff list names it. */
const InboxVenue = z.object({ id: z.number().int(), name: z.string() });

export const ContactMessageView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    isSpam: z.boolean(),
    state: z.enum(CONTACT_MESSAGE_STATES),
    /** The admin who marked it handled (null while new, or once their account is gone). */
    handledBy: z.string().nullable(),
    handledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    /** The venue written to (its id and name): each venue's inbox in a group. */
    venue: InboxVenue,
    deliveries: z.array(EmailDeliveryView),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessageView = z.infer<typeof ContactMessageView>;

export const BookingView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    date: z.string().nullable(),
    time: z.enum(BOOKING_TIMES).nullable(),
    guests: z.enum(BOOKING_GUESTS),
    service: z.enum(BOOKING_SERVICES),
    message: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES),
    /** The note to the guest sent with the latest decision. */
    statusNote: z.string().nullable(),
    /** When the latest decision was made, and the admin who made it (null before any, or once their account is gone). */
    statusChangedAt: z.iso.datetime().nullable(),
    decidedBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** The venue booked (its id and name): its zone, capacity and inbox. */
    venue: InboxVenue,
    deliveries: z.array(EmailDeliveryView),
  })
  .meta({ id: 'Booking' });
export type BookingView = z.infer<typeof BookingView>;

/**
 * Newest first, by (createdAt, id): pass the previous page's `nextCursor` back as `cursor` (an
 * empty one is the first page). `limit` 1..100, default 50.
 */
const InboxPage = z.object({
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(50),
  cursor: z.string().max(200).optional(),
});

/** Messages newest first, all of them or those in one state; spam only when asked for. */
export const ContactMessagesQuery = InboxPage.extend({
  state: z.enum(CONTACT_MESSAGE_STATES, { message: `must be ${CONTACT_MESSAGE_STATES.join(' or ')}` }).optional(),
  includeSpam: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Only the messages to this venue (slug or id; one the staffer works at); none: every venue the staffer works at. */
  venue: VenueRef.optional(),
});
export type ContactMessagesQuery = z.infer<typeof ContactMessagesQuery>;

/** Bookings newest first, all of them or those with one status. */
export const BookingsQuery = InboxPage.extend({
  status: z.enum(BOOKING_STATUSES, { message: `must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
  /** Only the bookings of this club night (YYYY-MM-DD, venue time). */
  night: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
  /** Only the bookings of this venue (slug or id; one the staffer works at); none: every venue the staffer works at. */
  venue: VenueRef.optional(),
});
export type BookingsQuery = z.infer<typeof BookingsQuery>;

/** What waits for staff: new messages (spam aside) and booking requests not yet answered. */
export const InboxCountsQuery = z.object({
  /** Only this venue's (slug or id); left out: every venue the staffer works at. */
  venue: VenueRef.optional(),
});
export type InboxCountsQuery = z.infer<typeof InboxCountsQuery>;

export const InboxCounts = z
  .object({ newMessages: z.number().int(), requestedBookings: z.number().int() })
  .meta({ id: 'InboxCounts' });
export type InboxCounts = z.infer<typeof InboxCounts>;

/** One page; `nextCursor` is null on the last one. */
export const ContactMessageList = z.object({ messages: z.array(ContactMessageView), nextCursor: z.string().nullable() });
export type ContactMessageList = z.infer<typeof ContactMessageList>;
export const BookingList = z.object({ bookings: z.array(BookingView), nextCursor: z.string().nullable() });
export type BookingList = z.infer<typeof BookingList>;

export const UpdateBookingStatusRequest = z.object({
  status: z.enum(BOOKING_DECISIONS, { message: 'must be confirmed or declined' }),
  /** Shown to the guest in the e-mail. */
  note: optionalText(BOOKING_NOTE_MAX),
  /**
   * The status the admin saw when deciding. If the booking has been decided since (by someone
   * else), the decision is refused with a 409 naming who decided, rather than silently overturned.
   */
  expectedStatus: z.enum(BOOKING_STATUSES, { message: `must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
});
export type UpdateBookingStatusRequest = z.infer<typeof UpdateBookingStatusRequest>;

export const BookingResponse = z.object({ success: z.literal(true), booking: BookingView });
export type BookingResponse = z.infer<typeof BookingResponse>;

export const UpdateContactMessageRequest = z.object({
  /** handled: staff dealt with it (who and when are recorded); new: reopen it. */
  state: z.enum(CONTACT_MESSAGE_STATES, { message: `must be ${CONTACT_MESSAGE_STATES.join(' or ')}` }),
});
export type UpdateContactMessageRequest = z.infer<typeof UpdateContactMessageRequest>;

export const ContactMessageResponse = z.object({ success: z.literal(true), message: ContactMessageView });
export type ContactMessageResponse = z.infer<typeof ContactMessageResponse>;

/** A manager sets how many bookings a night takes for a service; null takes the limit away. */
export const SetBookingCapacityRequest = z.object({
  night: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }),
  service: z.enum(BOOKING_SERVICES, { message: `must be one of ${BOOKING_SERVICES.join(', ')}` }),
  capacity: z.number({ message: 'must be a whole number or null' }).int('must be a whole number').min(0).max(1000).nullable(),
  /** The venue whose night it is (slug or id); none: the group's first open venue. */
  venue: VenueRef.optional(),
});
export type SetBookingCapacityRequest = z.infer<typeof SetBookingCapacityRequest>;

export const BookingCapacityView = z
  .object({
    night: z.string(),
    service: z.enum(BOOKING_SERVICES),
    /** Null: no limit set for the night and service. */
    capacity: z.number().int().nullable(),
    /** Bookings holding a place (requested or confirmed). */
    booked: z.number().int(),
    full: z.boolean(),
  })
  .meta({ id: 'BookingCapacity' });
export type BookingCapacityView = z.infer<typeof BookingCapacityView>;

export const BookingCapacitiesQuery = z.object({
  night: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }),
  venue: VenueRef.optional(),
});
export type BookingCapacitiesQuery = z.infer<typeof BookingCapacitiesQuery>;
/** Every service of the night, limited or not. */
export const BookingCapacityList = z.object({ capacities: z.array(BookingCapacityView) });
export type BookingCapacityList = z.infer<typeof BookingCapacityList>;
export const BookingCapacityResponse = z.object({ success: z.literal(true), capacity: BookingCapacityView });
export type BookingCapacityResponse = z.infer<typeof BookingCapacityResponse>;
