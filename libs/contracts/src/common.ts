import { z } from 'zod';
import { TIERS } from './constants.js';

/**
 * Every error answer, whatever the route: `issues` names each bad field of a 400; `retryAfter` (also
 * sent as the `Retry-After` header) says how many seconds to wait after a 429 or 503. `success` is
 * always false, as the web reads the sign-in and coupon answers (PRODUCT.md §3).
 */
export const ErrorResponse = z
  .object({
    success: z.literal(false),
    statusCode: z.number().int().min(400).max(599),
    error: z.string().describe("The status code's reason phrase"),
    message: z.string().describe('Plain words, fit to show a person'),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    retryAfter: z.number().int().min(1).optional().describe('Seconds to wait before trying again (429, 503)'),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Uuid = z.uuid({ message: 'must be a UUID' });

/** An ISO instant (UTC, `Z`) PostgreSQL can store: years 0001 to 9999 (`0000-01-01T00:00:00Z` was a 500). */
export const isoInstant = (message = 'must be an ISO date-time') =>
  z.iso
    .datetime({ message })
    // A malformed value is reported once, by the format check.
    .refine((instant) => !/^\d{4}-/.test(instant) || Number(instant.slice(0, 4)) >= 1, 'must be between the years 0001 and 9999');
export const IdParams = z.object({ id: Uuid });

export const MemberTier = z.enum(TIERS);

/** A trimmed, required, single-line-ish string with a length cap. */
export const requiredText = (max: number) =>
  z.string({ message: 'is required' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const Email = z
  .string({ message: 'is required' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ message: 'must be a valid email address' }))
  .transform((email) => email.toLowerCase());

/** Cursor pagination: `limit` 1..100 (default 20), opaque `cursor` from the previous page. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const SuccessResponse = z.object({ success: z.boolean(), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;
