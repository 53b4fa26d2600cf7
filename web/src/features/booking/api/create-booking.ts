import { useMutation } from '@tanstack/react-query';
import type { BodyOf, BookingRequest, Endpoints } from '@nocturne/contracts';
import type { z } from 'zod';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** What the form sends: the raw strings of its fields (the server trims and defaults them). */
/** The form's fields; `venue` only on a venue's own page (none: the group's first venue). */
export type BookingPayload = Required<{ [K in Exclude<keyof z.input<typeof BookingRequest>, 'venue'>]: string }> & {
  venue?: string;
};

// The form's raw strings, as typed or chosen: the api checks each against its schema.
const createBooking = (payload: BookingPayload) =>
  api.call(routes.requestBooking, { body: payload as BodyOf<Endpoints['requestBooking']> });

export const useCreateBooking = () => useMutation({ mutationFn: createBooking });
