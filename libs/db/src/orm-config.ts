import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { SeedManager } from '@mikro-orm/seeder';
import { pino, type Logger } from 'pino';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';
import { JsonOrmLogger } from './orm-logger.js';
import { PreparingClient } from './prepared.js';

/** Source folder of the migrations, where `npm run db:migration:create` writes new ones. */
export const MIGRATIONS_SOURCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/migrations');

export interface OrmConfigOptions {
  databaseUrl: string;
  /** A streaming replica; only reads that ask for the `read` connection go to it (`replicaReads`). */
  replicaUrl?: string | undefined;
  poolMax?: number;
  debug?: boolean;
  /** Where MikroORM's lines go, as JSON; by default a pino logger at `info` on stdout. */
  logger?: Logger;
}

let defaultLogger: Logger | undefined;

/**
 * Typed as plain `Options`: the entity list's inferred type grew past what the compiler will
 * write into a declaration file (TS7056), and no caller needs it (Kysely's `Database` is typed
 * from the entities themselves).
 */
export function createOrmConfig(options: OrmConfigOptions): Options {
  return defineConfig({
    clientUrl: options.databaseUrl,
    replicas: options.replicaUrl ? [{ name: 'replica', clientUrl: options.replicaUrl }] : [],
    // Reads go to the primary unless they ask (a replica may lag behind the writer's own writes).
    preferReadReplicas: false,
    entities,
    // Explicit lists, not folder discovery: the same config works from sources and from dist.
    discovery: { warnWhenNoEntities: true },
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      path: MIGRATIONS_SOURCE_DIR,
      pathTs: MIGRATIONS_SOURCE_DIR,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
    extensions: [Migrator, SeedManager],
    pool: { min: 0, max: options.poolMax ?? 10 },
    // The pool's connections prepare each PreparedQuery's statement once (see PreparingClient).
    driverOptions: { Client: PreparingClient },
    // Never share one identity map across requests or jobs.
    allowGlobalContext: false,
    ensureDatabase: false,
    debug: options.debug ?? false,
    colors: false,
    loggerFactory: (loggerOptions) => new JsonOrmLogger(loggerOptions, options.logger ?? (defaultLogger ??= pino())),
  });
}
