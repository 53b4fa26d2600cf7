import { venueOfRequest, type VenueDirectory, type VenueRecord } from '#modules/venues/venues.public.js';
import { VenueInboxFailure } from './venue-inbox-failure.js';

/**
 * The venue a booking, message or inbox read is for (none named: the group's first open venue),
 * refused in words when the request names no venue of the group or, for new activity, an archived one.
 */
export async function requestVenue(
  directory: VenueDirectory,
  ref: string | undefined,
  options: { open: boolean } = { open: true },
): Promise<VenueRecord> {
  const found = await venueOfRequest(directory, ref, options);
  if ('venue' in found) return found.venue;
  const message = found.kind === 'invalid' ? `venue ${found.problem}` : found.problem;
  throw new VenueInboxFailure(found.kind, message, { issues: [{ path: 'venue', message: found.problem }] });
}
