import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** Only the booking form reads it; a booking made elsewhere shows on the next opening of the form. */
export const bookingAvailabilityKey = ['bookings', 'availability'] as const;

/** The nights that can be booked now (tonight to 6 months ahead, venue time) and those fully booked. */
const getBookingAvailability = () => api.call(routes.getBookingAvailability, { query: {} });

export const useBookingAvailability = () =>
  useQuery({ queryKey: bookingAvailabilityKey, queryFn: getBookingAvailability, staleTime: 60_000 });
