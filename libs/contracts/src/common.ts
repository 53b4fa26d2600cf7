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

/**
 * Characters no name or text a person types needs, and which can hide or reorder what staff and
 * members read: C0 controls (line breaks and tab aside, where text allows them), DEL, C1 controls
 * (U+0080–U+009F: U+0085 is a line break to some readers, U+009B starts terminal escapes) and the
 * bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069: "evil<U+202E>txt.exe" shows as "evilexe.txt").
 * Zero-width joiners stay allowed: emoji sequences and some scripts need them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/u;
/** Whitespace, format characters (zero-width spaces and joiners, marks, tags) and blank-looking letters. */
const INVISIBLE = /\s|\p{Cf}|\p{Z}|[\u034F\u180E\u2800\u3164\uFFA0]|\u115F|\u1160|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/gu;

/** Why a name or text is refused for its characters, or null (security review L7). */
export function unsafeCharacters(value: string, options: { multiline: boolean }): string | null {
  if (CONTROLS.test(value)) return 'must not contain control or text-direction characters';
  if (!options.multiline && LINE_BREAKS.test(value)) return 'must be on one line';
  if (value.length > 0 && value.replace(INVISIBLE, '').length === 0) return 'must contain visible characters';
  return null;
}

/** The one rule for every text field people type: `schema` already trimmed and length-checked. */
export const plainText = (schema: z.ZodString, options: { multiline: boolean }) =>
  schema.superRefine((value, context) => {
    const problem = unsafeCharacters(value, options);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
  });

/** A trimmed, required text with a length cap; line breaks allowed, controls and invisible-only text not. */
export const requiredText = (max: number, options = { multiline: true }) =>
  plainText(
    z.string({ message: 'is required' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`),
    options,
  );

export const optionalText = (max: number, options = { multiline: true }) =>
  plainText(z.string().trim().max(max, `must be at most ${max} characters`), options)
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
