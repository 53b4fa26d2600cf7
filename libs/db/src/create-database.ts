import pg from 'pg';
import { databaseNameOf, quoteIdentifier, withDatabase } from './database-url.js';

/** Creates the database named in the URL when it does not exist yet. Returns whether it did. */
export async function createDatabaseIfMissing(databaseUrl: string, template?: string): Promise<boolean> {
  const name = databaseNameOf(databaseUrl);
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    const from = template ? ` TEMPLATE ${quoteIdentifier(template)}` : '';
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(name)}${from}`);
    } catch (error) {
      // Another process created it between our check and our CREATE.
      if ((error as { code?: string }).code === '42P04') return false;
      throw error;
    }
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
