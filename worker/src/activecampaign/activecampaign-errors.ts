/** AC asked us to slow down (429, or a bulk import over its per-minute limit): wait, do not burn an attempt. */
export class AcRateLimitedError extends Error {
  constructor(
    readonly retryAfterMs: number,
    message = `ActiveCampaign rate limit: retry in ${retryAfterMs} ms`,
  ) {
    super(message);
  }
}

/** AC refused the request for good (400, 403, 422): retrying cannot help; the reason is kept on the member. */
export class AcRejectedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** ActiveCampaign is not configured (AC_API_URL / AC_API_KEY unset). */
export class AcNotConfiguredError extends Error {
  constructor() {
    super('ActiveCampaign is not configured (set AC_API_URL and AC_API_KEY)');
  }
}

/** AC settled a bulk import as failed or interrupted (or it never finished): the batch is failed for good, with AC's status as the reason. */
export class AcImportFailedError extends Error {}

/**
 * ActiveCampaign could not be reached (no answer in time, an address that cannot be found, a
 * refused connection): waiting is all that helps, so the queue pauses for `retryAfterMs` and the
 * job goes back without spending an attempt; it resumes by itself once AC answers again.
 */
export class AcUnreachableError extends Error {
  constructor(
    readonly retryAfterMs: number,
    /** Why, in words: "no answer within 15 s". */
    readonly reason: string,
  ) {
    super(`ActiveCampaign unreachable: ${reason}`);
  }
}
