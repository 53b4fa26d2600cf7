import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { db } from '@nocturne/db';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { InjectRedis } from '../redis/redis.module.js';

const CHECK_TIMEOUT_MS = 2000;

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const HealthResponse = z.object({ status: z.string(), info: z.record(z.string(), z.unknown()).optional() });

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  @Get('live')
  @Endpoint({ summary: 'The process is up', auth: 'public', tags: ['health'], response: HealthResponse })
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @Endpoint({ summary: '200 only while PostgreSQL and Redis answer', auth: 'public', tags: ['health'], response: HealthResponse, errors: { 503: 'A dependency is down' } })
  ready() {
    return this.health.check([
      () => this.check('database', () => db(this.em).selectNoFrom(sql<number>`1`.as('ok')).execute()),
      () => this.check('redis', () => this.pingRedis()),
    ]);
  }

  /** The api's Redis connection fails fast while away, so wait briefly for one still connecting. */
  private async pingRedis(): Promise<unknown> {
    if (this.redis.status !== 'ready') {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Redis is ${this.redis.status}`)), CHECK_TIMEOUT_MS - 200);
        this.redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.redis.ping();
  }

  private async check(key: 'database' | 'redis', probe: () => Promise<unknown>) {
    const indicator = this.indicators.check(key);
    try {
      await withTimeout(probe(), key);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
