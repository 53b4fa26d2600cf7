import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { TOO_MANY_ATTEMPTS } from '@nocturne/domain';
import type { RedisClient as Redis } from '@nocturne/queues';
import { RetryLaterException } from '#common/http/retry-later.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { InjectRedis } from '#infrastructure/redis/redis.module.js';

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /** Failed sign-ins for one e-mail from one address: a lock-out for that pair only. */
  loginFailuresPerPair: { name: 'login-pair', max: 10, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one address, whatever the e-mail: high, since a venue's guests share its Wi-Fi address. */
  loginFailuresPerIp: { name: 'login-ip', max: 100, windowMs: 15 * 60_000 },
  /** Failed sign-ins for one e-mail from anywhere: past `max`, a growing delay instead of a lock-out. */
  loginFailuresPerEmail: { name: 'login-email', max: 10, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one known device of the account (its device cookie): past `max`, the cookie counts for nothing. */
  loginFailuresPerDevice: { name: 'login-device', max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { name: 'register-ip', max: 5, windowMs: 60 * 60_000 },
  forgotPasswordPerIp: { name: 'forgot-ip', max: 5, windowMs: 60 * 60_000 },
  /**
   * Reset e-mails one member is sent on request from the sign-in screen, from any address: past
   * the cap the request is answered as usual but sends nothing, so nobody floods a member's inbox.
   */
  passwordResetEmailsPerMember: { name: 'reset-email-member', max: 3, windowMs: 60 * 60_000 },
  /** E-mails telling a member someone signed up with their address: a few an hour, whoever asks. */
  existingAccountNoticesPerMember: { name: 'existing-account-member', max: 3, windowMs: 60 * 60_000 },
  /** Reset e-mails staff send to one member: enough to resend, not enough to flood their inbox. */
  staffPasswordResetPerMember: { name: 'staff-reset-member', max: 3, windowMs: 60 * 60_000 },
  resetPasswordPerIp: { name: 'reset-ip', max: 10, windowMs: 15 * 60_000 },
  contactPerIp: { name: 'contact-ip', max: 5, windowMs: 10 * 60_000 },
  bookingPerIp: { name: 'booking-ip', max: 5, windowMs: 10 * 60_000 },
  /** Guesses at the current password from a signed-in session (change password, delete account). */
  currentPasswordPerMember: { name: 'current-password-member', max: 10, windowMs: 15 * 60_000 },
  /** Second-factor codes, recovery codes and passkey assertions one account tries: 10 per 15 minutes. */
  secondFactorPerMember: { name: 'second-factor-member', max: 10, windowMs: 15 * 60_000 },
  /** Apple Wallet devices' log requests from one address (anonymous by Apple's design): enough for a venue's Wi-Fi, not a flood of the api's log. */
  walletLogPerIp: { name: 'wallet-log-ip', max: 20, windowMs: 10 * 60_000 },
  /** Comments one member posts, on any post (PRODUCT.md §9): a person never needs more, a script is stopped. */
  commentsPerMember: { name: 'comments-member', max: 20, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

/** 429 with a `Retry-After` header (set by the exception filter from `retryAfterSeconds`). */
export class TooManyRequestsException extends RetryLaterException {
  constructor(retryAfterSeconds: number, message: string = TOO_MANY_ATTEMPTS) {
    super(retryAfterSeconds, message, HttpStatus.TOO_MANY_REQUESTS, {
      success: false,
    });
  }
}

/**
 * One attempt counted: the window's counter goes up, the window starts with the first attempt
 * (PEXPIRE NX), and the answer is the count and the milliseconds left. One script, so one command
 * per attempt (every comment posts one) where a MULTI of three costs the api a pipeline to build.
 */
const COUNT_ATTEMPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('PTTL', KEYS[1])}
`;

interface CountingRedis {
  nocturneCountAttempt(key: string, windowMs: number): Promise<[number, number]>;
}

/**
 * Fixed-window counters in Redis, so limits hold across api replicas. If Redis is away the limit
 * is not enforced (logged), rather than failing sign-ins that do not otherwise need Redis.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly counter: CountingRedis;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: ApiConfig,
  ) {
    // ioredis sends it by its hash (EVALSHA), and its text again if Redis has forgotten it (NOSCRIPT).
    redis.defineCommand('nocturneCountAttempt', { numberOfKeys: 1, lua: COUNT_ATTEMPT });
    this.counter = redis as unknown as CountingRedis;
  }

  /** Counts one attempt; throws TooManyRequestsException (429 with Retry-After, `message`) over the limit. */
  async hit(limit: Limit, key: string, message?: string): Promise<void> {
    const redisKey = this.key(limit, key);
    let count: number;
    let ttl: number;
    try {
      await this.connected();
      [count, ttl] = await this.counter.nocturneCountAttempt(redisKey, limit.windowMs);
    } catch (error) {
      this.logger.warn(`Rate limit ${limit.name} not enforced: ${(error as Error).message}`);
      return;
    }
    if (count > limit.max) throw new TooManyRequestsException(Math.max(1, Math.ceil(ttl / 1000)), message);
  }

  /**
   * Counts one use and says whether it was within the limit, for limits whose excess is dropped
   * quietly rather than refused (an answer that must not differ). True while Redis is away.
   */
  async take(limit: Limit, key: string): Promise<boolean> {
    try {
      await this.hit(limit, key);
      return true;
    } catch (error) {
      if (error instanceof TooManyRequestsException) return false;
      throw error;
    }
  }

  /**
   * Seconds until `key` may try again when it is already over the limit, else null; counts nothing.
   * Null too while Redis is away (the limit is then not enforced, as in hit()).
   */
  async lockedFor(limit: Limit, key: string): Promise<number | null> {
    try {
      await this.connected();
      const redisKey = this.key(limit, key);
      const [count, ttl] = await Promise.all([this.redis.get(redisKey), this.redis.pttl(redisKey)]);
      return Number(count ?? 0) >= limit.max && ttl > 0 ? Math.max(1, Math.ceil(ttl / 1000)) : null;
    } catch {
      return null;
    }
  }

  key(limit: Limit, key: string): string {
    return `${this.config.REDIS_PREFIX}:rl:${limit.name}:${key.toLowerCase()}`;
  }

  /**
   * The connection fails fast while it is not ready, so a freshly started api would let its first
   * attempts through uncounted: wait briefly (CONNECT_WAIT_MS) for a connection still being made.
   */
  async connected(): Promise<void> {
    if (this.redis.status !== 'wait' && this.redis.status !== 'connecting' && this.redis.status !== 'connect') return;
    if (this.redis.status === 'wait') void this.redis.connect().catch(() => undefined);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_WAIT_MS);
      this.redis.once('ready', done);
    });
  }
}

const CONNECT_WAIT_MS = 500;
