import { FIRST_VENUE_ID } from '@nocturne/domain';
import type { VenueDirectory } from './venue-directory.service.js';
import type { VenueRecord } from './venue-rows.js';

/** A venue a request names, or why it cannot be used, in words for the `venue` field. */
type VenueOfRequest = { venue: VenueRecord } | { problem: string; kind: 'invalid' | 'conflict' };

/**
 * The venue a public request is for: the one it names (slug or id), else venue 1, else (venue 1
 * archived) the group's first open venue. An archived venue takes no new bookings or messages; a
 * staff read may name one (`open: false`) to see its history.
 */
export async function venueOfRequest(
  directory: VenueDirectory,
  ref: string | undefined,
  options: { open: boolean } = { open: true },
): Promise<VenueOfRequest> {
  if (ref === undefined) {
    const first = await directory.get(FIRST_VENUE_ID);
    if (first && !first.archived) return { venue: first };
    const [open] = await directory.open();
    return open ? { venue: open } : { problem: 'The venue is not taking bookings or messages.', kind: 'conflict' };
  }
  const venue = /^\d+$/.test(ref) ? await directory.get(Number(ref)) : await directory.bySlug(ref);
  if (!venue) return { problem: 'names no venue of the group', kind: 'invalid' };
  if (options.open && venue.archived) {
    return { problem: `${venue.name} is closed and takes no new bookings or messages.`, kind: 'conflict' };
  }
  return { venue };
}
