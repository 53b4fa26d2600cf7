import { useMutation } from '@tanstack/react-query';
import type { BookingRequest, CreatedResponse } from '@nocturne/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** What the form sends: the raw strings of its fields (the server trims and defaults them). */
export type BookingPayload = Required<{ [K in keyof z.input<typeof BookingRequest>]: string }>;

export const createBooking = (payload: BookingPayload) => api.post<z.infer<typeof CreatedResponse>>('/api/bookings', payload);

export const useCreateBooking = () => useMutation({ mutationFn: createBooking });
