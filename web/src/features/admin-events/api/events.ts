import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddGuestRequest, SaveEventRequest, SaveNoShowRuleRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { useStaffVenue } from '@/lib/staff-venue';
import { useVenueChoices } from '@/lib/venue-choices';

const eventsKey = ['admin', 'events'] as const;
const PAGE = 50;
const guestListKey = (eventId: string, night: string) => ['admin', 'events', eventId, night, 'guest-list'] as const;
const ruleKey = (venueId: number | undefined) => ['admin', 'guest-list-rule', venueId ?? null] as const;

/**
 * The venue the Events screen is at (PRODUCT.md §12): the staff switcher's, else the account's only
 * venue in a group; undefined for the whole group (an admin's "All venues") or a group of one venue.
 */
export function useEventsVenue(): number | undefined {
  const { venueId, venues, all } = useStaffVenue();
  return venueId ?? (!all && venues.length === 1 ? venues[0]!.id : undefined);
}

/**
 * The events at the screen's venue (every venue's for the whole group, or in a group of one venue),
 * the latest night first, a page at a time: the next page starts at the api's nextCursor.
 */
export function useAdminEvents() {
  const venueId = useEventsVenue();
  return useInfiniteQuery({
    queryKey: [...eventsKey, venueId ?? null],
    queryFn: ({ pageParam }) =>
      api.call(routes.listEvents, {
        query: { limit: PAGE, cursor: pageParam ?? undefined, ...(venueId === undefined ? {} : { venue: String(venueId) }) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SaveEventRequest }) =>
      id ? api.call(routes.updateEvent, { params: { id }, body }) : api.call(routes.createEvent, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

export function useAnnounceEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.announceEvent, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

export const useGuestList = (eventId: string, night: string) =>
  useQuery({
    queryKey: guestListKey(eventId, night),
    queryFn: () => api.call(routes.getGuestList, { params: { id: eventId, night } }),
  });

export function useAddGuest(eventId: string, night: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddGuestRequest) => api.call(routes.addGuest, { params: { id: eventId, night }, body }),
    onSuccess: (view) => queryClient.setQueryData(guestListKey(eventId, night), view),
  });
}

export function useCloseGuestList(eventId: string, night: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.closeGuestList, { params: { id: eventId, night } }),
    onSuccess: (view) => queryClient.setQueryData(guestListKey(eventId, night), view),
  });
}

/**
 * The venue whose no-show rule the screen reads and sets: in a group, the switcher's venue, else the
 * first of the account's (all venues chosen); undefined in a group of one venue (nothing is named).
 */
export function useRuleVenue() {
  const { venueId, venues } = useStaffVenue();
  const group = useVenueChoices().length > 0;
  return group ? (venues.find((venue) => venue.id === venueId) ?? venues[0]) : undefined;
}

export const useNoShowRule = (venueId: number | undefined) =>
  useQuery({
    queryKey: ruleKey(venueId),
    queryFn: () => api.call(routes.getNoShowRule, { query: venueId === undefined ? {} : { venueId } }),
  });

export function useSaveNoShowRule(venueId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SaveNoShowRuleRequest, 'venueId'>) =>
      api.call(routes.saveNoShowRule, { body: venueId === undefined ? body : { ...body, venueId } }),
    onSuccess: (view) => queryClient.setQueryData(ruleKey(venueId), view),
  });
}
