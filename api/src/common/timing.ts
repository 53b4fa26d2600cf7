import { setTimeout as delay } from 'node:timers/promises';

/**
 * Settles as `work` does (value or error), but not before `ms` have passed. Where the work for
 * one input is quicker than for another (an e-mail nobody registered versus a real account),
 * both answer after the same time, so the timing does not tell them apart, as long as the work
 * fits in `ms`.
 */
export async function settleNoSoonerThan<T>(ms: number, work: Promise<T>): Promise<T> {
  const [outcome] = await Promise.allSettled([work, delay(ms)]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}
