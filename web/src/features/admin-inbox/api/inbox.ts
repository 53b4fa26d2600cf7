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

const PAGE = 50;
export const bookingsKey = ['admin', 'bookings'] as const;
export const contactMessagesKey = ['admin', 'contact-messages'] as const;

const getBookings = (cursor: string | null, status?: BookingStatus, night?: string) =>
  api.call(routes.listBookings, { query: { limit: PAGE, cursor: cursor ?? undefined, status, night } });

/** Newest first (all, or one status, of every night or one); the next page starts at the api's nextCursor. */
const bookingsQueryOptions = (status?: BookingStatus, night?: string) =>
  infiniteQueryOptions({
    queryKey: [...bookingsKey, status ?? 'all', night ?? 'every night'] as const,
    queryFn: ({ pageParam }) => getBookings(pageParam, status, night),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useBookings = (status?: BookingStatus, night?: string) =>
  useInfiniteQuery({ ...bookingsQueryOptions(status, night), ...polling(POLL_MS.admin) });

/** A night's places per service: the capacity a manager set and the bookings holding one. */
const bookingCapacitiesKey = (night: string) => [...bookingsKey, 'capacities', night] as const;

export const useBookingCapacities = (night: string | undefined) =>
  useQuery({
    queryKey: bookingCapacitiesKey(night ?? ''),
    queryFn: () => api.call(routes.listBookingCapacities, { query: { night: night! } }),
    enabled: Boolean(night),
    ...polling(POLL_MS.admin),
  });

/** Setting a capacity changes the night's places (and whether the form shows it fully booked). */
export function useSetBookingCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBookingCapacityRequest) => api.call(routes.setBookingCapacity, { body }),
    onSettled: () => invalidate(queryClient, bookingsKey),
  });
}

const getContactMessages = (cursor: string | null, filter: { includeSpam: boolean; state?: ContactMessageState }) =>
  api.call(routes.listContactMessages, {
    query: {
      limit: PAGE,
      cursor: cursor ?? undefined,
      state: filter.state,
      includeSpam: filter.includeSpam ? 'true' : undefined,
    },
  });

const contactMessagesQueryOptions = (filter: { includeSpam: boolean; state?: ContactMessageState }) =>
  infiniteQueryOptions({
    queryKey: [...contactMessagesKey, filter.state ?? 'all', filter.includeSpam] as const,
    queryFn: ({ pageParam }) => getContactMessages(pageParam, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useContactMessages = (filter: { includeSpam: boolean; state?: ContactMessageState }) =>
  useInfiniteQuery({ ...contactMessagesQueryOptions(filter), ...polling(POLL_MS.admin) });

const getInboxCounts = () => api.call(routes.getInboxCounts);

/** New messages and unanswered bookings, for the tabs' counts and the inboxes' filters. */
const inboxCountsQueryOptions = () => queryOptions({ queryKey: queryKeys.adminInboxCounts, queryFn: getInboxCounts });

export const useInboxCounts = () => useQuery({ ...inboxCountsQueryOptions(), ...polling(POLL_MS.admin) });

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
