import type { BookingRequest } from '@nocturne/contracts';
import { CLUB_NIGHT_ROLLOVER_HOUR, clubNightOf, wallClockAt } from '@nocturne/domain';
import {
  BOOKING_GUESTS,
  BOOKING_SERVICE_LABELS,
  BOOKING_SERVICES,
  BOOKING_TIMES,
  DEFAULT_BOOKING_GUESTS,
  DEFAULT_BOOKING_SERVICE,
} from '@nocturne/contracts/constants';
import type { z } from 'zod';
import { venue } from '@/config/venue';

// The option lists come from the contract's zod-free constants module, so the landing page
// does not bundle the schema library.
type Contract = z.input<typeof BookingRequest>;
type ContractGuests = NonNullable<Contract['guests']>;
export type BookingService = NonNullable<Contract['service']>;

// 2 guests and the VIP room unless the visitor picks otherwise; no time preselected (PRODUCT.md §2.3).
export const defaultGuests: ContractGuests = DEFAULT_BOOKING_GUESTS;
export const defaultService: BookingService = DEFAULT_BOOKING_SERVICE;

const serviceLabels: Record<BookingService, string> = BOOKING_SERVICE_LABELS;

export const serviceOptions = BOOKING_SERVICES.map((value) => ({ value, label: serviceLabels[value] }));
export const guestOptions = BOOKING_GUESTS.map((value) => ({
  value,
  label: value === '1' ? '1 Guest' : `${value} Guests`,
}));
export const timeOptions = BOOKING_TIMES.map((value) => ({ value, label: value }));

const slotHour = (value: string) => Number(value.slice(0, 2));

/** An hour counted from the club night's evening: 01:00 after midnight is the night's 25th hour. */
const nightHour = (hour: number) => (hour < CLUB_NIGHT_ROLLOVER_HOUR ? hour + 24 : hour);

/**
 * The slots offered for a date: BOOKING_TIMES (all of them while no date is picked), kept to that
 * night's opening hours (doors open at 20:00 Sunday to Wednesday, 19:00 Thursday to Saturday; the
 * after-midnight slots belong to the same night). For tonight (the venue's current club night),
 * slots already started on the venue's clocks go too; while the venue's zone is not known, none do
 * (the api decides).
 */
export function timeOptionsFor(date: string, timeZone: string | undefined, now = new Date()) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return timeOptions;
  const weekday = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  const opensAt = venue.opening.opensAtHour[weekday]!;
  const hourTonight = timeZone && date === clubNightOf(now, timeZone) ? nightHour(wallClockAt(now, timeZone).hour) : null;
  return timeOptions.filter(({ value }) => {
    const hour = slotHour(value);
    const open = hour < 12 ? hour < venue.opening.closesAtHour : hour >= opensAt;
    return open && !(hourTonight !== null && nightHour(hour) <= hourTonight);
  });
}

/**
 * The earliest date a booking can be for: the venue's current club night, the api's own rule
 * (RequestBookingHandler: `clubNightOf(now, VENUE_TZ)`), so at 02:00 venue time the evening
 * before is still "tonight".
 */
export function earliestBookingDate(timeZone: string, now = new Date()): string {
  return clubNightOf(now, timeZone);
}
