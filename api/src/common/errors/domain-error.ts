/**
 * What a refusal means, in the domain's words. The exception filter is the one place a kind becomes
 * an HTTP status, so handlers and repositories never speak HTTP.
 */
export const ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many_attempts: 429,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * A refused command or query, with a message fit to show a person. Each module has its own
 * subclass (`CouponFailure`, `AuthFailure`, `NewsFailure`, ...), so a log line or a test names the
 * module that refused.
 */
export abstract class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: { issues?: FieldIssue[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** For `retryAfterOf`: a `too_many_attempts` or `unavailable` refusal that says when to come back. */
  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }
}
