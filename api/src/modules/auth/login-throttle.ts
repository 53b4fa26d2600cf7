import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { RedisClient as Redis } from '@nocturne/queues';
import { InjectRedis } from '../../infrastructure/redis/redis.module.js';
import { LIMITS, RateLimiter, TooManyRequestsException } from './rate-limiter.js';

/** Delay of a failure once an e-mail has had more than LIMITS.loginFailuresPerEmail.max failures; doubles per failure. */
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
  /** The e-mail or password was wrong: after many failures for the e-mail, the answer waits (the account stays busy meanwhile). */
  failed(): Promise<void>;
  /** The attempt ended without saying anything about the password (e.g. the database was away). */
  undone(): Promise<void>;
}

/** How long an attempt may hold its e-mail's turn at most (a crashed request frees it by itself). */
const IN_FLIGHT_MS = 15_000;
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Counts FAILED sign-ins, so nobody can lock a member out from elsewhere and a member on several
 * devices never locks themselves out:
 * - one attempt per e-mail at a time (security review L3): a second one while the first is being
 *   checked is answered 429 (Retry-After 1) at once, so guesses at one account cannot run in parallel;
 * - per e-mail across addresses: no lock-out, but past 10 failures each FAILED attempt waits before
 *   it answers (250 ms, doubling, at most 5 s) while still holding the e-mail's turn: a guesser is
 *   slowed, the right password is answered at once;
 * - per (e-mail, address) pair: 10 failures in 15 minutes lock that pair (429);
 * - per address: 100 failures in 15 minutes lock that address (429), high enough for a venue's
 *   shared Wi-Fi.
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
    const turnKey = this.limiter.key({ name: 'login-in-flight', max: 1, windowMs: IN_FLIGHT_MS }, email);
    const pairKey = this.limiter.key(LIMITS.loginFailuresPerPair, `${email}|${ip}`);
    const ipKey = this.limiter.key(LIMITS.loginFailuresPerIp, ip);
    const emailKey = this.limiter.key(LIMITS.loginFailuresPerEmail, email);
    const turn = randomUUID();
    let counts: { pair: number; pairTtl: number; ip: number; ipTtl: number; email: number };
    try {
      await this.limiter.connected();
      if ((await this.redis.set(turnKey, turn, 'PX', IN_FLIGHT_MS, 'NX')) !== 'OK') throw new TooManyRequestsException(1);
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
      if (error instanceof TooManyRequestsException) throw error;
      this.logger.warn(`Login throttle not enforced: ${(error as Error).message}`);
      return { succeeded: async () => undefined, failed: async () => undefined, undone: async () => undefined };
    }
    const release = async () => {
      try {
        await this.redis.eval(RELEASE, 1, turnKey, turn);
      } catch (error) {
        this.logger.warn(`Login turn not released: ${(error as Error).message}`);
      }
    };
    const undo = async (clearPair: boolean) => {
      try {
        const tx = this.redis.multi();
        if (clearPair) tx.del(pairKey);
        else tx.decr(pairKey);
        await tx.decr(ipKey).decr(emailKey).exec();
      } catch (error) {
        this.logger.warn(`Login throttle not updated: ${(error as Error).message}`);
      }
      await release();
    };
    // Refused attempts stay counted: hammering a locked pair keeps it locked, never longer than its window.
    if (counts.pair > LIMITS.loginFailuresPerPair.max || counts.ip > LIMITS.loginFailuresPerIp.max) {
      await release();
      throw new TooManyRequestsException((counts.pair > LIMITS.loginFailuresPerPair.max ? counts.pairTtl : counts.ipTtl) / 1000);
    }
    return {
      succeeded: () => undo(true),
      undone: () => undo(false),
      failed: async () => {
        const delay = loginDelayMs(counts.email - 1);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        await release();
      },
    };
  }
}
