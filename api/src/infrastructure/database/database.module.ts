import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { createOrmConfig } from '@nocturne/db';
import { API_CONFIG, type ApiConfig } from '#config/api-config.js';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => ({
        ...createOrmConfig({
          databaseUrl: config.DATABASE_URL,
          replicaUrl: config.DATABASE_REPLICA_URL,
          poolMax: config.DATABASE_POOL_MAX,
        }),
        // No per-request context. Raw statements (`em.execute`) run on the injected EntityManager:
        // they use no identity map, and inside a UnitOfWork they join its transaction. Entity work
        // forks its own EntityManager; the global one refuses it (allowGlobalContext: false).
        registerRequestContext: false,
      }),
    }),
  ],
})
export class DatabaseModule {}
