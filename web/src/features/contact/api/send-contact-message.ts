import { useCallback, useState } from 'react';
import type { ContactRequest } from '@nocturne/contracts';
import type { z } from 'zod';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** The form's fields; `venue` only on a venue's own page (none: the group's first venue). */
export type ContactPayload = Required<{ [K in Exclude<keyof z.input<typeof ContactRequest>, 'venue'>]: string }> & {
  venue?: string;
};

const sendContactMessage = (payload: ContactPayload) => api.call(routes.sendContactMessage, { body: payload });

interface SendHandlers {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * Sends the landing page's contact form. Plain state rather than a react-query mutation: the
 * landing page ships without the query library (it caches nothing here), which only signed-in
 * screens load.
 */
export function useSendContactMessage() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback((payload: ContactPayload, handlers: SendHandlers = {}) => {
    setPending(true);
    sendContactMessage(payload).then(
      () => {
        setPending(false);
        handlers.onSuccess?.();
      },
      (error: unknown) => {
        setPending(false);
        handlers.onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending };
}
