import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { RedisClient as Redis } from '@nocturne/queues';
import { InjectRedis } from '#infrastructure/redis/redis.module.js';
import { LIMITS, RateLimiter, TooManyRequestsException } from './rate-limiter.js';
import type { KnownDevice } from './sign-in-device.js';

/** Delay of a failure once an e-mail has had more than LIMITS.loginFailuresPerEmail.max failures; doubles per failure. */
const LOGIN_DELAY_START_MS = 250;
const LOGIN_DELAY_MAX_MS = 5_000;

function loginDelayMs(failuresForEmail: number): number {
  const over = failuresForEmail - LIMITS.loginFailuresPerEmail.max;
  if (over < 0) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_START_MS * 2 ** Math.min(over, 10));
}

export interface LoginAttempt {
  /** The password was right: the pair starts afresh, and this attempt is no failure anywhere. */
  succeeded(): Promise<void>;
  /** The e-mail or password was wrong: after many failures for the e-mail, the answer waits (strangers' attempts are refused meanwhile). */
  failed(): Promise<void>;
  /** The attempt ended without saying anything about the password (e.g. the database was away). */
  undone(): Promise<void>;
}

/** How long an attempt may hold its e-mail's turn at most (a crashed request frees it by itself). */
const IN_FLIGHT_MS = 15_000;
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const NOT_ENFORCED: LoginAttempt = {
  succeeded: async () => undefined,
  failed: async () => undefined,
  undone: async () => undefined,
};

/**
 * Counts FAILED sign-ins, so nobody can lock a member out from elsewhere and a member on several
 * devices never locks themselves out. A sign-in from a known device of the account (a valid device
 * cookie for the e-mail, see SignInDevices) is the member's own: only its own limit applies, one
 * attempt at a time and 10 failures per 15 minutes, past which the cookie counts for nothing and
 * the device is a stranger again. Every other sign-in is a stranger's, and strangers guessing an
 * e-mail are held back together:
 * - one stranger's attempt per e-mail at a time (security review L3): a second one while the first
 *   is being checked is answered 429 (Retry-After 1) at once, so guesses at one account cannot run
 *   in parallel;
 * - per e-mail across addresses: no lock-out, but past 10 failures each failure closes the e-mail
 *   to strangers for a delay (250 ms, doubling, at most 5 s; its own answer waits as long), so
 *   strangers together get one guess per delay. The turn is free again as soon as the password is
 *   checked: a failure's delay never holds up the account's own devices;
 * - per (e-mail, address) pair: 10 failures in 15 minutes lock that pair (429);
 * - per address: 100 failures in 15 minutes lock that address (429), high enough for a venue's
 *   shared Wi-Fi.
 * Each attempt is counted as a failure up front (atomically, so a parallel burst cannot slip past
 * the check) and taken back when it turns out not to be one; a success clears its pair or device.
 * Like the RateLimiter, this is not enforced while Redis is away (logged).
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');

  constructor(
    private readonly limiter: RateLimiter,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** An attempt to sign in to `email` from `ip`; `device` when it carries a valid device cookie for the e-mail. */
  async begin(email: string, ip: string, device: KnownDevice | null = null): Promise<LoginAttempt> {
    try {
      await this.limiter.connected();
      if (device) {
        const known = await this.beginKnown(device);
        if (known) return known;
      }
      return await this.beginStranger(email, ip);
    } catch (error) {
      if (error instanceof TooManyRequestsException) throw error;
      this.logger.warn(`Login throttle not enforced: ${(error as Error).message}`);
      return NOT_ENFORCED;
    }
  }

  /** The account's own device: its own turn and failure count; null once it has failed too often (a stranger then). */
  private async beginKnown(device: KnownDevice): Promise<LoginAttempt | null> {
    const deviceKey = this.limiter.key(LIMITS.loginFailuresPerDevice, device.nonce);
    if (Number((await this.redis.get(deviceKey)) ?? 0) >= LIMITS.loginFailuresPerDevice.max) return null;
    const turnKey = this.limiter.key({ name: 'login-device-in-flight', max: 1, windowMs: IN_FLIGHT_MS }, device.nonce);
    const turn = await this.takeTurn(turnKey);
    try {
      await this.redis.multi().incr(deviceKey).pexpire(deviceKey, LIMITS.loginFailuresPerDevice.windowMs, 'NX').exec();
    } catch (error) {
      await turn.release();
      throw error;
    }
    const settle = async (change: (tx: ReturnType<Redis['multi']>) => void) => {
      await this.quietly('Login throttle not updated', async () => {
        const tx = this.redis.multi();
        change(tx);
        await tx.exec();
      });
      await turn.release();
    };
    return {
      succeeded: () => settle((tx) => tx.del(deviceKey)),
      undone: () => settle((tx) => tx.decr(deviceKey)),
      failed: () => settle(() => undefined),
    };
  }

  private async beginStranger(email: string, ip: string): Promise<LoginAttempt> {
    const turnKey = this.limiter.key({ name: 'login-in-flight', max: 1, windowMs: IN_FLIGHT_MS }, email);
    const closedKey = this.limiter.key({ name: 'login-email-closed', max: 1, windowMs: LOGIN_DELAY_MAX_MS }, email);
    const pairKey = this.limiter.key(LIMITS.loginFailuresPerPair, `${email}|${ip}`);
    const ipKey = this.limiter.key(LIMITS.loginFailuresPerIp, ip);
    const emailKey = this.limiter.key(LIMITS.loginFailuresPerEmail, email);
    const turn = await this.takeTurn(turnKey);
    let counts: { pair: number; pairTtl: number; ip: number; ipTtl: number; email: number };
    try {
      // Closed by a recent failure's delay: refused before anything is counted, as a busy turn is.
      const closedFor = await this.redis.pttl(closedKey);
      if (closedFor > 0) throw new TooManyRequestsException(Math.max(1, Math.ceil(closedFor / 1000)));
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
      await turn.release();
      throw error;
    }
    const undo = async (clearPair: boolean) => {
      await this.quietly('Login throttle not updated', async () => {
        const tx = this.redis.multi();
        if (clearPair) tx.del(pairKey);
        else tx.decr(pairKey);
        await tx.decr(ipKey).decr(emailKey).exec();
      });
      await turn.release();
    };
    // Refused attempts stay counted: hammering a locked pair keeps it locked, never longer than its window.
    if (counts.pair > LIMITS.loginFailuresPerPair.max || counts.ip > LIMITS.loginFailuresPerIp.max) {
      await turn.release();
      throw new TooManyRequestsException((counts.pair > LIMITS.loginFailuresPerPair.max ? counts.pairTtl : counts.ipTtl) / 1000);
    }
    return {
      succeeded: () => undo(true),
      undone: () => undo(false),
      failed: async () => {
        const delay = loginDelayMs(counts.email - 1);
        // Closed before the turn is given back, so no stranger's attempt slips in between.
        if (delay > 0) await this.quietly('Login delay not recorded', () => this.redis.set(closedKey, '1', 'PX', delay));
        await turn.release();
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      },
    };
  }

  /** The key's one turn, or 429 (Retry-After 1) while another attempt holds it. */
  private async takeTurn(turnKey: string): Promise<{ release(): Promise<void> }> {
    const turn = randomUUID();
    if ((await this.redis.set(turnKey, turn, 'PX', IN_FLIGHT_MS, 'NX')) !== 'OK') throw new TooManyRequestsException(1);
    return { release: () => this.quietly('Login turn not released', () => this.redis.eval(RELEASE, 1, turnKey, turn)) };
  }

  private async quietly(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn(`${what}: ${(error as Error).message}`);
    }
  }
}
