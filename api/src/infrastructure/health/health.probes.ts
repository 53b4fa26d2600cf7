import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import type { RedisClient as Redis } from '@nocturne/queues';
import { sql } from 'kysely';
import { InjectRedis } from '../redis/redis.module.js';

/** How long a Redis connection still connecting is waited for (inside the readiness check's own timeout). */
const REDIS_WAIT_MS = 1800;

/** How readiness asks each dependency whether it answers; each throws when it does not. */
@Injectable()
export class HealthProbes {
  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  pingDatabase(): Promise<unknown> {
    return db(this.em)
      .selectNoFrom(sql<number>`1`.as('ok'))
      .execute();
  }

  /** The api's Redis connection fails fast while away, so wait briefly for one still connecting. */
  async pingRedis(): Promise<unknown> {
    if (this.redis.status !== 'ready') {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Redis is ${this.redis.status}`)), REDIS_WAIT_MS);
        this.redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.redis.ping();
  }
}
