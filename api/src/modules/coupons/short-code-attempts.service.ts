import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_MISSES_PER_15_MIN,
  ACCOUNT_MISSES_PER_DAY,
  TYPED_MISS_WINDOW_MS,
  type TypedLockoutScope,
  typedMissWaitMs,
} from '@nocturne/domain';
import type { RedisClient as Redis } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { InjectRedis } from '#infrastructure/redis/redis.module.js';
import { ScanLogRepository } from './scan-log.repository.js';

const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Where a typed code came from: the phone's own id (null: a client that sends none). */
export interface DoorSource {
  device: string | null;
  /** The named door the phone says it is at, shown to managers beside a locked device. */
  doorId?: string | null;
}

/** A refusal to look typed codes up: the seconds to wait, and whether this device or the whole account waits. */
export interface TypedLockout {
  seconds: number;
  scope: TypedLockoutScope;
}

/** A device (or an account) kept from typing now, as managers see it. */
export interface LockoutEntry {
  /** `<staff id>.<device>` for a device (`-` for none), `<staff id>.account` for an account's ceiling. */
  id: string;
  staffId: string;
  scope: TypedLockoutScope;
  device: string | null;
  doorId: string | null;
  until: Date;
}

/** A lock-out's id as the lift endpoint takes it. */

/**
 * Limits wrong typed codes per door device, with a ceiling per account (libs/domain door-lockout.ts;
 * docs/SECURITY.md "Typed codes at the door"). Misses are counted in Redis, so the counts hold across
 * api replicas: a device's first TYPED_MISSES_FREE misses cost nothing, each further one makes that
 * device wait (1, 2, 4, 8, then 15 minutes) and its misses are forgotten 15 minutes after the last.
 * A short code counts alike however the phone says it arrived (typed, or "scanned": a guess sent as
 * a scan is still a guess); a QR payload's 256-bit token never comes here. The account's ceiling
 * counts every device's misses. While a device (or its account) waits, every typed code it sends is refused BEFORE it is
 * looked up, so a right guess and a wrong one get the same 429 and the limit cannot become an
 * oracle. An account's typed attempts are serialised (advisory lock for the transaction), so a burst
 * of parallel guesses cannot all slip past the check before the first miss is counted.
 * Like the RateLimiter, this is not enforced while Redis is away (logged).
 */
@Injectable()
export class ShortCodeAttempts {
  private readonly logger = new Logger('ShortCodeAttempts');

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: ApiConfig,
    private readonly coupons: ScanLogRepository,
  ) {}

  /** Queues the account's typed attempts; then how long this device (or the account) must still wait, or null. */
  async lockedOutFor(tx: EntityManager, adminId: string, from: DoorSource): Promise<TypedLockout | null> {
    await this.coupons.lockTypedCodeAttempts(tx, adminId);
    try {
      const keys = this.keys(adminId, from.device);
      const answers = await this.redis.multi().pttl(keys.accountLocked).pttl(keys.deviceLocked).exec();
      const account = Number(answers?.[0]?.[1]);
      const device = Number(answers?.[1]?.[1]);
      if (account > 0) return { seconds: Math.ceil(account / 1000), scope: 'account' };
      if (device > 0) return { seconds: Math.ceil(device / 1000), scope: 'device' };
      return null;
    } catch (error) {
      this.logger.warn(`Typed-code lock-out not checked: ${(error as Error).message}`);
      return null;
    }
  }

  /** Counts one wrong code of this device; how long it (or the account) now waits, or null when it need not. */
  async countWrongCode(adminId: string, from: DoorSource): Promise<TypedLockout | null> {
    const keys = this.keys(adminId, from.device);
    try {
      const answers = await this.redis
        .multi()
        .incr(keys.misses)
        .incr(keys.account15)
        .pexpire(keys.account15, QUARTER_HOUR_MS, 'NX')
        .pttl(keys.account15)
        .incr(keys.accountDay)
        .pexpire(keys.accountDay, DAY_MS, 'NX')
        .pttl(keys.accountDay)
        .exec();
      const at = (i: number) => Number(answers?.[i]?.[1]);
      const misses = at(0);
      const waitMs = typedMissWaitMs(misses);
      // Forgotten a window after the last miss (and never before its wait is over).
      await this.redis.pexpire(keys.misses, TYPED_MISS_WINDOW_MS + waitMs);
      const accountWaitMs = Math.max(at(1) > ACCOUNT_MISSES_PER_15_MIN ? at(3) : 0, at(4) > ACCOUNT_MISSES_PER_DAY ? at(6) : 0);
      if (accountWaitMs > 0) {
        await this.lock(keys.accountLocked, accountWaitMs, `${adminId}.account`, {
          staffId: adminId,
          scope: 'account',
          device: null,
          doorId: null,
        });
        return { seconds: Math.ceil(accountWaitMs / 1000), scope: 'account' };
      }
      if (waitMs === 0) return null;
      await this.lock(keys.deviceLocked, waitMs, keys.id, {
        staffId: adminId,
        scope: 'device',
        device: from.device,
        doorId: from.doorId ?? null,
      });
      return { seconds: Math.ceil(waitMs / 1000), scope: 'device' };
    } catch (error) {
      this.logger.warn(`Typed-code miss not counted: ${(error as Error).message}`);
      return null;
    }
  }

  /** Devices and accounts kept from typing now, the longest wait first. */
  async current(): Promise<LockoutEntry[]> {
    const all = await this.redis.hgetall(this.registryKey());
    const now = Date.now();
    const entries: LockoutEntry[] = [];
    const gone: string[] = [];
    for (const [id, json] of Object.entries(all)) {
      const entry = JSON.parse(json) as Omit<LockoutEntry, 'id' | 'until'> & { until: number };
      if (entry.until <= now) gone.push(id);
      else entries.push({ ...entry, id, until: new Date(entry.until) });
    }
    if (gone.length > 0) await this.redis.hdel(this.registryKey(), ...gone);
    return entries.sort((a, b) => b.until.getTime() - a.until.getTime());
  }

  /**
   * Lets a device (or an account) type again at once, its misses forgotten; the entry lifted, or
   * null when nothing by that id was locked.
   */
  async lift(id: string): Promise<LockoutEntry | null> {
    const entry = (await this.current()).find((one) => one.id === id);
    if (!entry) return null;
    const keys = this.keys(entry.staffId, entry.device);
    const drop =
      entry.scope === 'account' ? [keys.accountLocked, keys.account15, keys.accountDay] : [keys.deviceLocked, keys.misses];
    await this.redis
      .multi()
      .del(...drop)
      .hdel(this.registryKey(), id)
      .exec();
    return entry;
  }

  private async lock(key: string, ms: number, id: string, entry: Omit<LockoutEntry, 'id' | 'until'>): Promise<void> {
    const until = Date.now() + ms;
    await this.redis
      .multi()
      .set(key, '1', 'PX', ms)
      .hset(this.registryKey(), id, JSON.stringify({ ...entry, until }))
      // No lock-out outlasts a day (the account's longest window).
      .pexpire(this.registryKey(), DAY_MS)
      .exec();
  }

  private keys(adminId: string, device: string | null) {
    const staff = adminId.toLowerCase();
    const id = `${staff}.${device ?? '-'}`;
    const prefix = `${this.config.REDIS_PREFIX}:door-typed`;
    return {
      id,
      misses: `${prefix}:misses:${id}`,
      deviceLocked: `${prefix}:locked:${id}`,
      account15: `${prefix}:account-15m:${staff}`,
      accountDay: `${prefix}:account-day:${staff}`,
      accountLocked: `${prefix}:account-locked:${staff}`,
    };
  }

  private registryKey(): string {
    return `${this.config.REDIS_PREFIX}:door-typed:lockouts`;
  }
}
