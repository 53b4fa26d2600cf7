import type { EntityManager } from '@mikro-orm/postgresql';
import { type Staffer, StaffVenues, type VenueDirectory } from '#modules/venues/venues.public.js';
import { requestVenue } from './request-venue.js';
import { VenueInboxFailure } from './venue-inbox-failure.js';

/**
 * The venues a staff inbox read is about (PRODUCT.md §12): the one named (slug or id, archived ones
 * too: their history), which must be the staffer's (else a 403 in words), or every venue the staffer
 * works at (undefined: the whole group's, for an admin or a group account).
 */
export async function staffInboxVenues(
  em: EntityManager,
  deps: { venues: VenueDirectory; staffVenues: StaffVenues },
  staff: Staffer,
  ref: string | undefined,
): Promise<number[] | undefined> {
  const scope = await deps.staffVenues.scopeOf(em, staff);
  if (ref === undefined) return scope.all ? undefined : scope.venueIds;
  const { id } = await requestVenue(deps.venues, ref, { open: false });
  if (!StaffVenues.covers(scope, id)) throw new VenueInboxFailure('forbidden', await deps.staffVenues.worksAtOnly(scope));
  return [id];
}
