import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { RedisClient as Redis } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { InjectRedis } from '#infrastructure/redis/redis.module.js';
import { type Limit, RateLimiter, TooManyRequestsException } from '../auth/auth.public.js';
import { ScanLogRepository } from './scan-log.repository.js';

/**
 * Wrong typed codes per staff account. A door with a dead camera types one code per member and
 * makes the odd typo; ten misses in 15 minutes is guessing. (55-bit codes make guessing hopeless
 * anyway: this keeps a stolen staff session from trying at machine speed.)
 */
const WRONG_CODES_PER_STAFF: Limit = { name: 'qr-code-wrong', max: 10, windowMs: 15 * 60_000 };

/**
 * Limits failed typed-code attempts per staff account. The shared RateLimiter counts the misses
 * (Redis, so the count holds across api replicas) and says when one goes over; from then until
 * its window ends a lock-out mark refuses every typed code of that account BEFORE it is looked
 * up, so a right guess and a wrong one get the same 429 and the limit cannot become an oracle.
 * An account's typed attempts are serialised (advisory lock for the transaction), so a burst of
 * parallel guesses cannot all slip past the check before the first miss is counted.
 * Like the RateLimiter, this is not enforced while Redis is away (logged).
 */
@Injectable()
export class ShortCodeAttempts {
  private readonly logger = new Logger('ShortCodeAttempts');

  constructor(
    private readonly limiter: RateLimiter,
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: ApiConfig,
    private readonly coupons: ScanLogRepository,
  ) {}

  /** Queues the account's typed attempts; then the seconds it must still wait, or null. */
  async lockedOutFor(tx: EntityManager, adminId: string): Promise<number | null> {
    await this.coupons.lockTypedCodeAttempts(tx, adminId);
    try {
      const remainingMs = await this.redis.pttl(this.lockOutKey(adminId));
      return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : null;
    } catch (error) {
      this.logger.warn(`Typed-code lock-out not checked: ${(error as Error).message}`);
      return null;
    }
  }

  /** Counts one wrong code; returns the seconds to wait when this one went over the limit, else null. */
  async countWrongCode(adminId: string): Promise<number | null> {
    try {
      await this.limiter.hit(WRONG_CODES_PER_STAFF, adminId);
      return null;
    } catch (error) {
      if (!(error instanceof TooManyRequestsException)) throw error;
      try {
        await this.redis.set(this.lockOutKey(adminId), '1', 'PX', error.retryAfterSeconds * 1000);
      } catch (redisError) {
        this.logger.warn(`Typed-code lock-out not recorded: ${(redisError as Error).message}`);
      }
      return error.retryAfterSeconds;
    }
  }

  private lockOutKey(adminId: string): string {
    return `${this.config.REDIS_PREFIX}:qr-code-locked-out:${adminId.toLowerCase()}`;
  }
}
