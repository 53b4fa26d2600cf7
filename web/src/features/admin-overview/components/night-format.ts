import { CLUB_NIGHT_ROLLOVER_HOUR } from '@nocturne/domain';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "24 Nov 2026, 9:41 pm": an instant on the venue's clocks (VENUE_TZ, as the api sends it). */
export function venueDateTime(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const rollover = `${String(CLUB_NIGHT_ROLLOVER_HOUR).padStart(2, '0')}:00`;

/** "Tonight · Sat 28 Nov from 06:00", or "Night of Fri 21 Nov · 06:00 to 06:00" for an earlier one. */
export function nightHeading(night: { label: string; isTonight: boolean }): string {
  return night.isTonight ? `Tonight · ${night.label} from ${rollover}` : `Night of ${night.label} · ${rollover} to ${rollover}`;
}
