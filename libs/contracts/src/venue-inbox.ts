import { z } from 'zod';
import { optionalText, isoInstant } from './common.js';
import {
  BOOKING_DECISIONS,
  BOOKING_GUESTS,
  BOOKING_SERVICES,
  BOOKING_STATUSES,
  BOOKING_TIMES,
  DELIVERY_STATES,
} from './constants.js';

/** Where one e-mail stands: the worker retries with backoff and records the last error. */
export const EmailDeliveryView = z
  .object({
    kind: z.string(),
    recipient: z.string(),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'EmailDelivery' });
export type EmailDeliveryView = z.infer<typeof EmailDeliveryView>;

export const ContactMessageView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    isSpam: z.boolean(),
    createdAt: z.iso.datetime(),
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
    statusNote: z.string().nullable(),
    statusChangedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    deliveries: z.array(EmailDeliveryView),
  })
  .meta({ id: 'Booking' });
export type BookingView = z.infer<typeof BookingView>;

/** Newest first; `before` is the `createdAt` of the last item of the previous page. */
export const InboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: isoInstant().optional(),
  includeSpam: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

export const ContactMessageList = z.object({ messages: z.array(ContactMessageView) });
export type ContactMessageList = z.infer<typeof ContactMessageList>;
export const BookingList = z.object({ bookings: z.array(BookingView) });
export type BookingList = z.infer<typeof BookingList>;

export const UpdateBookingStatusRequest = z.object({
  status: z.enum(BOOKING_DECISIONS, { message: 'must be confirmed or declined' }),
  /** Shown to the guest in the e-mail. */
  note: optionalText(1000),
});
export type UpdateBookingStatusRequest = z.infer<typeof UpdateBookingStatusRequest>;

export const BookingResponse = z.object({ success: z.literal(true), booking: BookingView });
export type BookingResponse = z.infer<typeof BookingResponse>;
