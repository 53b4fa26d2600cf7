import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactRequest, CreatedResponse } from '@nocturne/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ContactPayload = Required<{ [K in keyof z.input<typeof ContactRequest>]: string }>;

export const contactQueryKey = ['contact'] as const;

export const sendContactMessage = (payload: ContactPayload) => api.post<z.infer<typeof CreatedResponse>>('/api/contact', payload);

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    // SPEC 7: a sent message invalidates cached contact data.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactQueryKey }),
  });
}
