import { CLUB_NIGHT_ROLLOVER_HOUR } from '@nocturne/domain';

// Times of day on the overview are formatted by lib/venue-time (formatVenueDateTime), in the zone
// the overview sends; only the night headings are the overview's own.

const rollover = `${String(CLUB_NIGHT_ROLLOVER_HOUR).padStart(2, '0')}:00`;

/** "Tonight · Sat 28 Nov from 06:00", or "Night of Fri 21 Nov · 06:00 to 06:00" for an earlier one. */
export function nightHeading(night: { label: string; isTonight: boolean }): string {
  return night.isTonight ? `Tonight · ${night.label} from ${rollover}` : `Night of ${night.label} · ${rollover} to ${rollover}`;
}
