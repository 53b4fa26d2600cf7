/**
 * How an import-batch job waits for ActiveCampaign to process a bulk import. AC documents that
 * import/info "called immediately (less than a second) after a bulk import call" may answer
 * `status: false`, and a busy account queues imports ("waiting", "claimed") before processing
 * them, so the job polls with backoff while it holds a worker slot, then gives the slot back and
 * re-checks the import from a delayed job, and gives up only after hours.
 */
export interface ImportPolling {
  /** Waits before each import/info poll of one run; the first wait follows the import. */
  pollDelaysMs: number[];
  /** Delay before each re-check of an import still open after the polls (the last one repeats). */
  recheckDelaysMs: number[];
  /** Re-checks before the batch fails as unfinished. */
  maxRechecks: number;
}

export const IMPORT_POLLING = Symbol('IMPORT_POLLING');

/** About 16 s of polls, then re-checks at 30 s, 1, 2, 5 and every 10 minutes: about 5 hours in all. */
export const DEFAULT_IMPORT_POLLING: ImportPolling = {
  pollDelaysMs: [1_000, 1_000, 2_000, 4_000, 8_000],
  recheckDelaysMs: [30_000, 60_000, 120_000, 300_000, 600_000],
  maxRechecks: 36,
};

export function recheckDelayMs(polling: ImportPolling, recheck: number): number {
  const delays = polling.recheckDelaysMs;
  return delays[Math.min(recheck, delays.length) - 1] ?? 60_000;
}
