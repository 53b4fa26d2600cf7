import { VENUE_TIME_ZONE } from '@/config/club';

// Staff read times as the venue's clock shows them, wherever the browser is.
const venueDateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: VENUE_TIME_ZONE,
});

/** "24 Nov 2026, 9:41 pm" in the venue's time zone. */
export const formatVenueDateTime = (iso: string) => venueDateTime.format(new Date(iso));
