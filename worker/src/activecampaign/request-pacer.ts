import type { Redis } from 'ioredis';

/**
 * A sliding-window limiter shared by every worker through Redis: at most `max` permits in any
 * `windowMs`. The Lua script admits a request atomically or says how long to wait, so workers on
 * several machines together stay under the account's limit.
 */
const ACQUIRE = `
local key, now, window, max, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
if blocked > now then return blocked - now end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < max then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  return 0
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

export interface PacerLimit {
  max: number;
  windowMs: number;
}

let sequence = 0;

export class RequestPacer {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly limit: PacerLimit,
  ) {}

  /** Waits until a permit is free, then takes it. */
  async acquire(): Promise<void> {
    for (;;) {
      sequence += 1;
      const member = `${process.pid}:${Date.now()}:${sequence}:${Math.random()}`;
      const wait = Number(
        await this.redis.eval(ACQUIRE, 2, this.key, `${this.key}:blocked`, Date.now(), this.limit.windowMs, this.limit.max, member),
      );
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** AC said "wait": nobody sends before `ms` from now. */
  async block(ms: number): Promise<void> {
    await this.redis.set(`${this.key}:blocked`, String(Date.now() + ms), 'PX', ms);
  }
}
