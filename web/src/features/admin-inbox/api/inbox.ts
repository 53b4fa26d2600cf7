import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SetBookingCapacityRequest, UpdateBookingStatusRequest, UpdateContactMessageRequest } from '@nocturne/contracts';
import type { BookingStatus, ContactMessageState } from '@nocturne/domain';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';
import { useStaffVenue } from '@/lib/staff-venue';

const PAGE = 50;
export const bookingsKey = ['admin', 'bookings'] as const;
export const contactMessagesKey = ['admin', 'contact-messages'] as const;

/** `?venue=` for the venue the staff switcher shows; nothing for every venue (or a group of one). */
const venueQuery = (venueId?: number) => (venueId === undefined ? {} : { venue: String(venueId) });

const getBookings = (cursor: string | null, status?: BookingStatus, night?: string, venueId?: number) =>
  api.call(routes.listBookings, {
    query: { limit: PAGE, cursor: cursor ?? undefined, status, night, ...venueQuery(venueId) },
  });

/** Newest first (all, or one status, of every night or one); the next page starts at the api's nextCursor. */
const bookingsQueryOptions = (status?: BookingStatus, night?: string, venueId?: number) =>
  infiniteQueryOptions({
    queryKey: [...bookingsKey, status ?? 'all', night ?? 'every night', venueId ?? 'every venue'] as const,
    queryFn: ({ pageParam }) => getBookings(pageParam, status, night, venueId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useBookings(status?: BookingStatus, night?: string) {
  const { venueId } = useStaffVenue();
  return useInfiniteQuery({ ...bookingsQueryOptions(status, night, venueId), ...polling(POLL_MS.admin) });
}

/** A night's places per service: the capacity a manager set and the bookings holding one. */
const bookingCapacitiesKey = (night: string, venueId?: number) =>
  [...bookingsKey, 'capacities', night, venueId ?? 'first venue'] as const;

/** The night's places at the switcher's venue (none chosen: the group's first venue, as the api takes it). */
export function useBookingCapacities(night: string | undefined) {
  const { venueId } = useStaffVenue();
  return useQuery({
    queryKey: bookingCapacitiesKey(night ?? '', venueId),
    queryFn: () => api.call(routes.listBookingCapacities, { query: { night: night!, ...venueQuery(venueId) } }),
    enabled: Boolean(night),
    ...polling(POLL_MS.admin),
  });
}

/** Setting a capacity changes the night's places (and whether the form shows it fully booked). */
export function useSetBookingCapacity() {
  const queryClient = useQueryClient();
  const { venueId } = useStaffVenue();
  return useMutation({
    mutationFn: (body: SetBookingCapacityRequest) =>
      api.call(routes.setBookingCapacity, { body: { ...body, ...venueQuery(venueId) } }),
    onSettled: () => invalidate(queryClient, bookingsKey),
  });
}

type MessagesFilter = { includeSpam: boolean; state?: ContactMessageState };

const getContactMessages = (cursor: string | null, filter: MessagesFilter, venueId?: number) =>
  api.call(routes.listContactMessages, {
    query: {
      limit: PAGE,
      cursor: cursor ?? undefined,
      state: filter.state,
      includeSpam: filter.includeSpam ? 'true' : undefined,
      ...venueQuery(venueId),
    },
  });

const contactMessagesQueryOptions = (filter: MessagesFilter, venueId?: number) =>
  infiniteQueryOptions({
    queryKey: [...contactMessagesKey, filter.state ?? 'all', filter.includeSpam, venueId ?? 'every venue'] as const,
    queryFn: ({ pageParam }) => getContactMessages(pageParam, filter, venueId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useContactMessages(filter: MessagesFilter) {
  const { venueId } = useStaffVenue();
  return useInfiniteQuery({ ...contactMessagesQueryOptions(filter, venueId), ...polling(POLL_MS.admin) });
}

const getInboxCounts = (venueId?: number) => api.call(routes.getInboxCounts, { query: venueQuery(venueId) });

/** New messages and unanswered bookings, for the tabs' counts and the inboxes' filters (at the switcher's venue). */
const inboxCountsQueryOptions = (venueId?: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminInboxCounts, venueId ?? 'every venue'] as const,
    queryFn: () => getInboxCounts(venueId),
  });

export function useInboxCounts() {
  const { venueId } = useStaffVenue();
  return useQuery({ ...inboxCountsQueryOptions(venueId), ...polling(POLL_MS.admin) });
}

const updateBookingStatus = ({ id, ...body }: UpdateBookingStatusRequest & { id: string }) =>
  api.call(routes.updateBooking, { params: { id }, body });

/**
 * A decision changes the booking's line, the counts and the overview's pending bookings. A refusal
 * (someone decided it meanwhile) refreshes them too, so the admin sees who did.
 */
export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSettled: () => invalidate(queryClient, bookingsKey, queryKeys.adminInboxCounts, queryKeys.adminStats),
  });
}

const updateContactMessageState = ({ id, ...body }: UpdateContactMessageRequest & { id: string }) =>
  api.call(routes.updateContactMessage, { params: { id }, body });

/** Handling or reopening a message changes its line, the counts and the overview's unread messages. */
export function useUpdateContactMessageState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactMessageState,
    onSettled: () => invalidate(queryClient, contactMessagesKey, queryKeys.adminInboxCounts, queryKeys.adminStats),
  });
}
