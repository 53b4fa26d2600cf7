import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../infrastructure/redis/redis.module.js';
import { LIMITS, RateLimiter, TooManyRequestsException } from './rate-limiter.js';

/** First delay once an e-mail has had LIMITS.loginFailuresPerEmail.max failures; doubles per failure. */
export const LOGIN_DELAY_START_MS = 250;
export const LOGIN_DELAY_MAX_MS = 5_000;

export function loginDelayMs(failuresForEmail: number): number {
  const over = failuresForEmail - LIMITS.loginFailuresPerEmail.max;
  if (over < 0) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_START_MS * 2 ** Math.min(over, 10));
}

export interface LoginAttempt {
  /** The password was right: the pair starts afresh, and this attempt is no failure anywhere. */
  succeeded(): Promise<void>;
  /** The attempt ended without saying anything about the password (e.g. the database was away). */
  undone(): Promise<void>;
}

/**
 * Counts FAILED sign-ins, so nobody can lock a member out from elsewhere and a member on several
 * devices never locks themselves out:
 * - per (e-mail, address) pair: 10 failures in 15 minutes lock that pair (429);
 * - per address: 30 failures in 15 minutes lock that address (429);
 * - per e-mail across addresses: no lock-out, but past 10 failures each attempt waits first
 *   (250 ms, doubling, at most 5 s), which makes a distributed guess slow without closing the door.
 * Each attempt is counted as a failure up front (atomically, so a parallel burst cannot slip past
 * the check) and taken back when it turns out not to be one; a success clears its pair.
 * Like the RateLimiter, this is not enforced while Redis is away (logged).
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');

  constructor(
    private readonly limiter: RateLimiter,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async begin(email: string, ip: string): Promise<LoginAttempt> {
    const pairKey = this.limiter.key(LIMITS.loginFailuresPerPair, `${email}|${ip}`);
    const ipKey = this.limiter.key(LIMITS.loginFailuresPerIp, ip);
    const emailKey = this.limiter.key(LIMITS.loginFailuresPerEmail, email);
    let counts: { pair: number; pairTtl: number; ip: number; ipTtl: number; email: number };
    try {
      await this.limiter.connected();
      const r = await this.redis
        .multi()
        .incr(pairKey)
        .pexpire(pairKey, LIMITS.loginFailuresPerPair.windowMs, 'NX')
        .pttl(pairKey)
        .incr(ipKey)
        .pexpire(ipKey, LIMITS.loginFailuresPerIp.windowMs, 'NX')
        .pttl(ipKey)
        .incr(emailKey)
        .pexpire(emailKey, LIMITS.loginFailuresPerEmail.windowMs, 'NX')
        .exec();
      const at = (i: number) => Number(r?.[i]?.[1]);
      counts = { pair: at(0), pairTtl: at(2), ip: at(3), ipTtl: at(5), email: at(6) };
    } catch (error) {
      this.logger.warn(`Login throttle not enforced: ${(error as Error).message}`);
      return { succeeded: async () => undefined, undone: async () => undefined };
    }
    const undo = async (clearPair: boolean) => {
      try {
        const tx = this.redis.multi();
        if (clearPair) tx.del(pairKey);
        else tx.decr(pairKey);
        await tx.decr(ipKey).decr(emailKey).exec();
      } catch (error) {
        this.logger.warn(`Login throttle not updated: ${(error as Error).message}`);
      }
    };
    // Refused attempts stay counted: hammering a locked pair keeps it locked, never longer than its window.
    if (counts.pair > LIMITS.loginFailuresPerPair.max) throw new TooManyRequestsException(counts.pairTtl / 1000);
    if (counts.ip > LIMITS.loginFailuresPerIp.max) throw new TooManyRequestsException(counts.ipTtl / 1000);
    const delay = loginDelayMs(counts.email - 1);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return { succeeded: () => undo(true), undone: () => undo(false) };
  }
}
