import { VENUE_TIME_ZONE } from '@/config/club';

// Staff read times as the venue's clock shows them, wherever the browser is: "24 Nov 2026, 9:41 pm".
const venueDateTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: VENUE_TIME_ZONE });
const venueDate = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: VENUE_TIME_ZONE });

export const formatVenueDateTime = (iso: string | null | undefined) => (iso ? venueDateTime.format(new Date(iso)) : '');
export const formatVenueDate = (iso: string | null | undefined) => (iso ? venueDate.format(new Date(iso)) : '');
