import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { createDatabaseIfMissing } from './create-database.js';
import { createOrmConfig } from './orm-config.js';

/** Creates the database when missing and applies every pending migration. Returns their names. */
export async function migrateDatabase(databaseUrl: string, options: { logger?: Logger } = {}): Promise<string[]> {
  await createDatabaseIfMissing(databaseUrl);
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 2, ...options }));
  try {
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}
