import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createRedisConnection } from '@nocturne/queues';
import type { RedisClient as Redis } from '@nocturne/queues';
import { API_CONFIG, type ApiConfig } from '#config/api-config.js';

const REDIS = Symbol('REDIS');
export const InjectRedis = () => Inject(REDIS);

/** The api's one Redis connection: a fail-fast producer connection shared by queues and limits. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => {
        const redis = createRedisConnection(config, 'producer', 'nocturne-api');
        // Errors surface on the commands that fail; the connection retries on its own.
        redis.on('error', () => undefined);
        return redis;
      },
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
