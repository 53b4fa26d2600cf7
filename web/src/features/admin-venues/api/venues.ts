import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVenueRequest, UpdateVenueRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate } from '@/lib/query-keys';

const venueKeys = {
  admin: ['admin', 'venues'] as const,
  public: ['venues'] as const,
};

const adminVenuesQueryOptions = () =>
  queryOptions({ queryKey: venueKeys.admin, queryFn: () => api.call(routes.listAdminVenues) });

/** Every venue of the group, archived ones too (staff read it: the Venues screen, the venue switcher). */
export const useAdminVenues = (enabled = true) => useQuery({ ...adminVenuesQueryOptions(), enabled, ...polling(POLL_MS.admin) });

/** The request an admin's form sends: everything but the position, which the api keeps. */
export type VenueForm = Omit<CreateVenueRequest, 'position'>;

function useVenueMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidate(queryClient, venueKeys.admin, venueKeys.public) });
}

export const useCreateVenue = () => useVenueMutation((body: VenueForm) => api.call(routes.createVenue, { body }));
export const useUpdateVenue = () =>
  useVenueMutation(({ id, body }: { id: number; body: UpdateVenueRequest }) =>
    api.call(routes.updateVenue, { params: { id }, body }),
  );
export const useArchiveVenue = () =>
  useVenueMutation(({ id, archived }: { id: number; archived: boolean }) =>
    archived ? api.call(routes.archiveVenue, { params: { id } }) : api.call(routes.unarchiveVenue, { params: { id } }),
  );
