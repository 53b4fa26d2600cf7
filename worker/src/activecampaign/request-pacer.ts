import type { RedisClient as Redis } from '@nocturne/queues';

/**
 * A sliding-window limiter shared by every worker through Redis: at most `max` requests in any
 * `windowMs`, as the server counts them. A permit counts from the moment it is taken until
 * `windowMs` after its request has finished (its score is pushed into the future while the
 * request is in flight, then set to the finish time): the request reached the server somewhere
 * in between, so however late it arrived, the server never sees more than `max` in a window. A
 * permit whose holder died is freed after `inFlightMs`. The Lua script admits a request
 * atomically or says how long to wait, so workers on several machines together stay under the
 * account's limit.
 */
const ACQUIRE = `
local key, now, window, max, member, inflight = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5])
local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
if blocked > now then return blocked - now end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < max then
  redis.call('ZADD', key, now + inflight, member)
  redis.call('PEXPIRE', key, window + inflight)
  return 0
end
local oldest = tonumber(redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2])
-- Every permit still in flight: one frees a window after its request finishes, soon; look again shortly.
if oldest > now then return 20 end
return math.max(1, oldest + window - now)
`;

/** The request finished: its permit now counts from this moment (only if it is still held). */
const RELEASE = `
redis.call('ZADD', KEYS[1], 'XX', ARGV[1], ARGV[2])
`;

export interface PacerLimit {
  max: number;
  windowMs: number;
  /** How long an unreleased permit counts as in flight (the request timeout). */
  inFlightMs: number;
}

export interface Permit {
  /** Call when the request has finished, answered or not. */
  release(): Promise<void>;
}

let sequence = 0;

export class RequestPacer {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly limit: PacerLimit,
  ) {}

  /** Waits until a permit is free, then takes it. */
  async acquire(): Promise<Permit> {
    for (;;) {
      sequence += 1;
      const member = `${process.pid}:${Date.now()}:${sequence}:${Math.random()}`;
      const wait = Number(
        await this.redis.eval(
          ACQUIRE,
          2,
          this.key,
          `${this.key}:blocked`,
          Date.now(),
          this.limit.windowMs,
          this.limit.max,
          member,
          this.limit.inFlightMs,
        ),
      );
      if (wait <= 0) return { release: () => this.release(member) };
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** AC said "wait": nobody sends before `ms` from now. */
  async block(ms: number): Promise<void> {
    await this.redis.set(`${this.key}:blocked`, String(Date.now() + ms), 'PX', ms);
  }

  private async release(member: string): Promise<void> {
    // A lost release only keeps the permit until inFlightMs: never fail the request for it.
    await this.redis.eval(RELEASE, 1, this.key, Date.now(), member).catch(() => undefined);
  }
}
