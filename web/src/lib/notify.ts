import { toast } from '@/components/ui/use-toast';
import { ApiError } from './api-client';

/** SPEC 8's failure toast: title "Error", destructive. */
export const toastError = (description: string, title = 'Error') => toast({ title, description, variant: 'destructive' });

/** The server's own words when it refused with a reason (4xx), else the screen's fallback text. */
export function reasonOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
