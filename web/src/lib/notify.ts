import { toast } from '@/components/ui/use-toast';
import { ApiError } from './api-client';

/** The failure toast: title "Error", destructive (PRODUCT.md §8). */
export const toastError = (description: string, title = 'Error') => toast({ title, description, variant: 'destructive' });

const OFFLINE_MESSAGE = "You're offline: this needs a connection.";

/**
 * The server's own words when it refused with a reason (4xx); that a connection is needed when the
 * request never left the device; else the screen's fallback text.
 */
export function reasonOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) && typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE_MESSAGE;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
