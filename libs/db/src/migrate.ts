import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import { createDatabaseIfMissing } from './create-database.js';
import { API_DATABASE_ROLE } from './migrations/Migration20261128200000_ApiRole.js';
import { createOrmConfig } from './orm-config.js';

/**
 * Creates the database when missing and applies every pending migration. Returns their names.
 * `apiRolePassword`: the password the api's role (API_DATABASE_ROLE, which the migrations create)
 * signs in with, set (again) on every run so a changed secret takes effect at the next deploy.
 */
export async function migrateDatabase(
  databaseUrl: string,
  options: { logger?: Logger; apiRolePassword?: string } = {},
): Promise<string[]> {
  const { apiRolePassword, ...ormOptions } = options;
  await createDatabaseIfMissing(databaseUrl);
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 2, ...ormOptions }));
  let applied: string[];
  try {
    applied = (await orm.migrator.up()).map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
  if (apiRolePassword) await setApiRolePassword(databaseUrl, apiRolePassword);
  return applied;
}

async function setApiRolePassword(databaseUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // ALTER ROLE takes no parameters: format() quotes the password as a literal.
    const { rows } = await client.query<{ statement: string }>(
      `select format('alter role %I with login password %L', $1::text, $2::text) as statement`,
      [API_DATABASE_ROLE, password],
    );
    await client.query(rows[0]!.statement);
  } finally {
    await client.end();
  }
}
