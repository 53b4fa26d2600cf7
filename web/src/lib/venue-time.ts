import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as routes from '@nocturne/contracts/routes';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// Staff and members read every date and time as the venue's clocks show them (the api's VENUE_TZ,
// asked for once), wherever the browser is: "Fri 28 Nov, 22:30". The web has no zone of its own:
// until the api has answered, nothing is shown in a guessed one.

const getVenueInfo = () => api.call(routes.getVenue);

/** The venue's time zone does not change while the page is open: asked for once. */
export const venueInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.venue, queryFn: getVenueInfo, staleTime: Infinity, gcTime: Infinity });

export const useVenueInfo = () => useQuery(venueInfoQueryOptions());

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(instant: Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** "Fri 28 Nov, 22:30" in the venue's time zone; the year is added when it is not this year there. */
export function formatVenueDateTime(iso: string, timeZone: string, now = new Date()): string {
  const at = partsOf(new Date(iso), timeZone);
  const year = at['year'] === partsOf(now, timeZone)['year'] ? '' : ` ${at['year']}`;
  return `${at['weekday']} ${at['day']} ${at['month']}${year}, ${at['hour']}:${at['minute']}`;
}

/** "22:30" for an instant today at the venue (24-hour), else as formatVenueDateTime: "Fri 28 Nov, 22:30". */
export function formatVenueClock(iso: string, timeZone: string, now = new Date()): string {
  const at = partsOf(new Date(iso), timeZone);
  const today = partsOf(now, timeZone);
  const sameDay = at['year'] === today['year'] && at['month'] === today['month'] && at['day'] === today['day'];
  return sameDay ? `${at['hour']}:${at['minute']}` : formatVenueDateTime(iso, timeZone, now);
}

/** "Fri 28 Nov" for an instant, as the venue's calendar shows it; the year is added when it is not this year there. */
function formatVenueDay(iso: string, timeZone: string, now = new Date()): string {
  const at = partsOf(new Date(iso), timeZone);
  const year = at['year'] === partsOf(now, timeZone)['year'] ? '' : ` ${at['year']}`;
  return `${at['weekday']} ${at['day']} ${at['month']}${year}`;
}

/**
 * The venue's time zone as the api sends it (`routes.getVenue`), or undefined while it has not
 * answered (or failed): callers then show or send nothing that depends on it.
 */
export function useVenueTimeZone(): string | undefined {
  const timeZone = useVenueInfo().data?.timeZone;
  return typeof timeZone === 'string' && timeZone ? timeZone : undefined;
}

/**
 * Formatters bound to the venue's time zone, for components. Until the api has said which zone
 * that is, they answer '' rather than a time in a guessed zone.
 */
export function useVenueTime() {
  const timeZone = useVenueTimeZone();
  return useMemo(
    () => ({
      timeZone,
      dateTime: (iso: string | null | undefined) => (iso && timeZone ? formatVenueDateTime(iso, timeZone) : ''),
      clock: (iso: string | null | undefined) => (iso && timeZone ? formatVenueClock(iso, timeZone) : ''),
      day: (iso: string | null | undefined) => (iso && timeZone ? formatVenueDay(iso, timeZone) : ''),
    }),
    [timeZone],
  );
}

/** "Fri 28 Nov" for a venue calendar date (YYYY-MM-DD, no instant): the same in every time zone. */
export function formatVenueDate(date: string, now = new Date()): string {
  const at = partsOf(new Date(`${date}T12:00:00Z`), 'UTC');
  const year = at['year'] === String(now.getUTCFullYear()) ? '' : ` ${at['year']}`;
  return `${at['weekday']} ${at['day']} ${at['month']}${year}`;
}

/**
 * A booking's night and slot: "Fri 28 Nov, 22:00"; the slots after midnight belong to the night
 * of the date ("Fri 28 Nov, 01:00 (after midnight)").
 */
export function formatBookingSlot(date: string | null, time: string | null, now = new Date()): string {
  const slot = time ? (Number(time.slice(0, 2)) < 12 ? `${time} (after midnight)` : time) : null;
  if (!date) return slot ? `No date given, ${slot}` : 'No date given';
  return slot ? `${formatVenueDate(date, now)}, ${slot}` : formatVenueDate(date, now);
}
