import type { AuthResponse } from '@nocturne/contracts';
import { ApiError } from '@/lib/api-client';

/**
 * PRODUCT.md §8: a refusal shows the server's message (or the fallback); a failure to reach
 * the server or read its answer says to try again.
 */
export function authFailureMessage(error: unknown, fallback: 'Login failed' | 'Registration failed'): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return `${fallback}. Please try again.`;
}

/** A 2xx answer can still say no (`success: false`). */
export function refusalMessage(answer: AuthResponse, fallback: string): string | null {
  if (answer.success && answer.sessionId && answer.user) return null;
  return answer.message?.trim() ? answer.message : fallback;
}
