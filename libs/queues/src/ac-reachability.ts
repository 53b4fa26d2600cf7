import type { RedisClient as Redis } from './connection.js';

/*
 * Whether ActiveCampaign answers, as the last calls found it: one Redis hash,
 * `<REDIS_PREFIX>:ac-reachability`. Only the worker's ActiveCampaign client writes it (after
 * every call it makes: AC answered, or why not, in words); the api reads it for the ActiveCampaign
 * tab's status and a bulk sync's progress. Nothing else touches the key.
 */

/** How the calls to ActiveCampaign went, as recorded; every time an ISO instant. */
export interface AcReachability {
  /** When AC last answered a call (any answer but a refused key or a server error); null if never recorded. */
  lastAnsweredAt: string | null;
  /** When the calls started failing (the first failure since AC last answered); null while AC answers. */
  failingSince: string | null;
  /** Why the last failing call failed, in words ("no answer within 15 s"); null while AC answers. */
  reason: string | null;
}

export const acReachabilityKey = (prefix: string): string => `${prefix}:ac-reachability`;

/** AC answered: the failure (if any) is over. */
export async function recordAcAnswered(redis: Redis, prefix: string, at: Date = new Date()): Promise<void> {
  const key = acReachabilityKey(prefix);
  await redis.multi().hset(key, 'lastAnsweredAt', at.toISOString()).hdel(key, 'failingSince', 'reason').exec();
}

/** A call failed for `reason`: the failure starts now unless it had already started. */
export async function recordAcFailure(redis: Redis, prefix: string, reason: string, at: Date = new Date()): Promise<void> {
  const key = acReachabilityKey(prefix);
  await redis.multi().hsetnx(key, 'failingSince', at.toISOString()).hset(key, 'reason', reason).exec();
}

export async function readAcReachability(redis: Redis, prefix: string): Promise<AcReachability> {
  const row = await redis.hgetall(acReachabilityKey(prefix));
  return {
    lastAnsweredAt: row['lastAnsweredAt'] ?? null,
    failingSince: row['failingSince'] ?? null,
    reason: row['reason'] ?? null,
  };
}
