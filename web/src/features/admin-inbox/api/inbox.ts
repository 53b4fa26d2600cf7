import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingList, BookingResponse, ContactMessageList, UpdateBookingStatusRequest } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';

const PAGE = 50;
const bookingsKey = ['admin', 'bookings'] as const;
const messagesKey = ['admin', 'contact-messages'] as const;

const pageQuery = (before: string | null, extra = '') =>
  `?limit=${PAGE}${before ? `&before=${encodeURIComponent(before)}` : ''}${extra}`;

/** Newest first; the next page starts before the last item's createdAt. */
export const useBookings = () =>
  useInfiniteQuery({
    queryKey: bookingsKey,
    queryFn: ({ pageParam }) => api.get<BookingList>(`/api/admin/bookings${pageQuery(pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.bookings.length < PAGE ? null : (last.bookings.at(-1)?.createdAt ?? null)),
    ...polling(POLL_MS.admin),
  });

export const useContactMessages = (includeSpam: boolean) =>
  useInfiniteQuery({
    queryKey: [...messagesKey, includeSpam],
    queryFn: ({ pageParam }) =>
      api.get<ContactMessageList>(`/api/admin/contact-messages${pageQuery(pageParam, includeSpam ? '&includeSpam=true' : '')}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.messages.length < PAGE ? null : (last.messages.at(-1)?.createdAt ?? null)),
    ...polling(POLL_MS.admin),
  });

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateBookingStatusRequest & { id: string }) =>
      api.patch<BookingResponse>(`/api/admin/bookings/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
