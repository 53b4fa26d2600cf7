import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { bookingAvailabilityKey } from './availability';

const cancellationKey = (id: string) => ['bookings', 'cancellation', id] as const;

/** The booking behind the signed link of a guest's e-mail. */
export const useBookingCancellation = (id: string, token: string) =>
  useQuery({
    queryKey: cancellationKey(id),
    queryFn: () => api.call(routes.getBookingCancellation, { params: { id }, query: { token } }),
    enabled: Boolean(id && token),
    retry: false,
  });

/** Cancelling frees the booking's place: the booking form's availability is asked for again. */
export function useCancelBooking(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.cancelBooking, { params: { id }, body: { token } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(cancellationKey(id), answer);
      void queryClient.invalidateQueries({ queryKey: bookingAvailabilityKey });
    },
  });
}
