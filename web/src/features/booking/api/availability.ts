import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** Only the booking form reads it; a booking made elsewhere shows on the next opening of the form. */
export const bookingAvailabilityKey = ['bookings', 'availability'] as const;

/**
 * The nights that can be booked now (tonight to 6 months ahead, venue time) and those fully booked:
 * at one venue of a group (its slug), else at the install's venue.
 */
const getBookingAvailability = (venue?: string) => api.call(routes.getBookingAvailability, { query: venue ? { venue } : {} });

export const useBookingAvailability = (venue?: string) =>
  useQuery({
    queryKey: venue ? [...bookingAvailabilityKey, venue] : bookingAvailabilityKey,
    queryFn: () => getBookingAvailability(venue),
    staleTime: 60_000,
  });
