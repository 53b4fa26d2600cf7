import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { createOrmConfig } from '@nocturne/db';
import { API_CONFIG, type ApiConfig } from '../../config/api-config.js';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => ({
        ...createOrmConfig({ databaseUrl: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }),
        // Each HTTP request gets its own forked EntityManager.
        registerRequestContext: true,
      }),
    }),
  ],
})
export class DatabaseModule {}
