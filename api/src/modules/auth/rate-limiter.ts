import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { InjectRedis } from '../../infrastructure/redis/redis.module.js';

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginPerEmail: { name: 'login-email', max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { name: 'login-ip', max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { name: 'register-ip', max: 5, windowMs: 60 * 60_000 },
  forgotPasswordPerIp: { name: 'forgot-ip', max: 5, windowMs: 60 * 60_000 },
  contactPerIp: { name: 'contact-ip', max: 5, windowMs: 10 * 60_000 },
  /** Guesses at the current password from a signed-in session (change password, delete account). */
  currentPasswordPerMember: { name: 'current-password-member', max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

export class TooManyRequestsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      { message: 'Too many attempts. Please wait a little and try again.', success: false, retryAfter: retryAfterSeconds },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Fixed-window counters in Redis, so limits hold across api replicas. If Redis is away the limit
 * is not enforced (logged), rather than failing sign-ins that do not otherwise need Redis.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  /** Counts one attempt; throws TooManyRequestsException (429 with Retry-After) over the limit. */
  async hit(limit: Limit, key: string): Promise<void> {
    const redisKey = `${this.config.REDIS_PREFIX}:rl:${limit.name}:${key.toLowerCase()}`;
    let count: number;
    let ttl: number;
    try {
      const results = await this.redis.multi().incr(redisKey).pexpire(redisKey, limit.windowMs, 'NX').pttl(redisKey).exec();
      count = Number(results?.[0]?.[1]);
      ttl = Number(results?.[2]?.[1]);
    } catch (error) {
      this.logger.warn(`Rate limit ${limit.name} not enforced: ${(error as Error).message}`);
      return;
    }
    if (count > limit.max) throw new TooManyRequestsException(Math.max(1, Math.ceil(ttl / 1000)));
  }
}
