import type { BookingRequest } from '@nocturne/contracts';
import { bookingSlots, clubNightOf, isIsoDate, type OpeningHours, openSlots, VENUE_OPENING_HOURS } from '@nocturne/domain';
import {
  BOOKING_GUESTS,
  BOOKING_SERVICE_LABELS,
  BOOKING_SERVICES,
  BOOKING_TIMES,
  DEFAULT_BOOKING_GUESTS,
  DEFAULT_BOOKING_SERVICE,
} from '@nocturne/contracts/constants';
import type { z } from 'zod';

// The option lists come from the contract's zod-free constants module, so the landing page
// does not bundle the schema library.
type Contract = z.input<typeof BookingRequest>;
type ContractGuests = NonNullable<Contract['guests']>;
export type BookingService = NonNullable<Contract['service']>;

// 2 guests and the VIP room unless the visitor picks otherwise; no time preselected (PRODUCT.md §2.3).
export const defaultGuests: ContractGuests = DEFAULT_BOOKING_GUESTS;
export const defaultService: BookingService = DEFAULT_BOOKING_SERVICE;

const serviceLabels: Record<BookingService, string> = BOOKING_SERVICE_LABELS;
export const serviceLabel = (service: BookingService) => serviceLabels[service];

export const serviceOptions = BOOKING_SERVICES.map((value) => ({ value, label: serviceLabels[value] }));
export const guestOptions = BOOKING_GUESTS.map((value) => ({
  value,
  label: value === '1' ? '1 Guest' : `${value} Guests`,
}));
const timeOptions = BOOKING_TIMES.map((value) => ({ value, label: value }));

/**
 * The slots offered for a night: that night's opening hours (the domain's bookingSlots: doors at
 * 20:00 Sunday to Wednesday, 19:00 Thursday to Saturday, the after-midnight slots to 02:00 belong
 * to the same night), none while no date is picked (no list of every hour any night opens, which
 * offered 18:00, no night's opening hour). For tonight (the venue's current club
 * night: before 06:00 the night that began yesterday), slots already begun on the venue's clocks
 * go too, as the api's rule has it; while the venue's zone is not known, none do (the api decides).
 * A venue of a group with its own hours passes them.
 */
export function timeOptionsFor(
  date: string,
  timeZone: string | undefined,
  now = new Date(),
  hours: OpeningHours = VENUE_OPENING_HOURS,
) {
  if (!isIsoDate(date)) return [];
  const slots = timeZone ? openSlots(date, now, timeZone, hours) : bookingSlots(date, hours);
  return timeOptions.filter(({ value }) => (slots as readonly string[]).includes(value));
}

/**
 * The earliest date a booking can be for: the venue's current club night, the api's own rule
 * (`clubNightOf(now, VENUE_TZ)`), so at 02:00 venue time the evening before is still "tonight".
 */
export function earliestBookingDate(timeZone: string, now = new Date()): string {
  return clubNightOf(now, timeZone);
}

const shortNight = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
/** "Fri 11 Dec": a night in a list of full ones. */
export const shortNightName = (night: string) => shortNight.format(new Date(`${night}T00:00:00Z`)).replace(',', '');
