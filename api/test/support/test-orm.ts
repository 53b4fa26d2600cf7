import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '@nocturne/db';
import { createTestDatabase, type TestDatabase } from '@nocturne/testing';

export interface TestOrm {
  orm: MikroORM;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * MikroORM on a throwaway, migrated database, without the api around it: for tests of one
 * repository or service against PostgreSQL itself.
 */
export async function openTestOrm(label: string): Promise<TestOrm> {
  const database = await createTestDatabase(label);
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 2 }));
  return {
    orm,
    database,
    async close() {
      await orm.close();
      await database.drop();
    },
  };
}
