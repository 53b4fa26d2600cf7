import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingList, BookingResponse, ContactMessageList, UpdateBookingStatusRequest } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

const PAGE = 50;
export const bookingsKey = ['admin', 'bookings'] as const;
export const contactMessagesKey = ['admin', 'contact-messages'] as const;

const pageQuery = (before: string | null, extra = '') =>
  `?limit=${PAGE}${before ? `&before=${encodeURIComponent(before)}` : ''}${extra}`;

export const getBookings = (before: string | null) => api.get<BookingList>(`/api/admin/bookings${pageQuery(before)}`);

/** Newest first; the next page starts before the last item's createdAt. */
export const bookingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookingsKey,
    queryFn: ({ pageParam }) => getBookings(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.bookings.length < PAGE ? null : (last.bookings.at(-1)?.createdAt ?? null)),
  });

export const useBookings = () => useInfiniteQuery({ ...bookingsQueryOptions(), ...polling(POLL_MS.admin) });

export const getContactMessages = (before: string | null, includeSpam: boolean) =>
  api.get<ContactMessageList>(`/api/admin/contact-messages${pageQuery(before, includeSpam ? '&includeSpam=true' : '')}`);

export const contactMessagesQueryOptions = (includeSpam: boolean) =>
  infiniteQueryOptions({
    queryKey: [...contactMessagesKey, includeSpam] as const,
    queryFn: ({ pageParam }) => getContactMessages(pageParam, includeSpam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.messages.length < PAGE ? null : (last.messages.at(-1)?.createdAt ?? null)),
  });

export const useContactMessages = (includeSpam: boolean) =>
  useInfiniteQuery({ ...contactMessagesQueryOptions(includeSpam), ...polling(POLL_MS.admin) });

export const updateBookingStatus = ({ id, ...body }: UpdateBookingStatusRequest & { id: string }) =>
  api.patch<BookingResponse>(`/api/admin/bookings/${id}`, body);

/** A decision changes the booking's line and the overview's count of pending bookings. */
export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: () => invalidate(queryClient, bookingsKey, queryKeys.adminStats),
  });
}
