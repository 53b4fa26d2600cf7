import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactRequest } from '@nocturne/contracts';
import type { z } from 'zod';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

export type ContactPayload = Required<{ [K in keyof z.input<typeof ContactRequest>]: string }>;

export const contactQueryKey = ['contact'] as const;

export const sendContactMessage = (payload: ContactPayload) => api.call(routes.sendContactMessage, { body: payload });

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    // A sent message invalidates cached contact data.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactQueryKey }),
  });
}
