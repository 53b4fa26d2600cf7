import { randomBytes } from 'node:crypto';
import pg from 'pg';

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrated template every test database is copied from (set by the jest global setup). */
export function templateDatabaseUrl(): string {
  const url = process.env['NOCTURNE_TEST_TEMPLATE_URL'];
  if (!url) throw new Error("NOCTURNE_TEST_TEMPLATE_URL is not set: run integration tests through jest's global setup");
  return url;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, migrated, throwaway database: a copy of the run's template. */
export async function createTestDatabase(label = 'db'): Promise<TestDatabase> {
  const template = new URL(templateDatabaseUrl());
  const templateName = template.pathname.slice(1);
  const name = `${templateName.replace(/_tpl$/, '')}_${label.replace(/\W/g, '').slice(0, 20)}_${randomBytes(3).toString('hex')}`;
  await admin(template.toString(), (client) => client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(templateName)}`));
  const url = withDatabase(template.toString(), name);
  return {
    url,
    name,
    drop: () => admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Drops every database whose name starts with the prefix (the run's leftovers). */
export async function dropDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<void> {
  await admin(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${quote(datname)} WITH (FORCE)`);
  });
}

/** A Redis key prefix of its own for one test file, so runs and files never see each other's keys. */
export function testRedisPrefix(label = 't'): string {
  return `test:${label}:${randomBytes(4).toString('hex')}`;
}
