import pg from 'pg';

export default async function globalTeardown() {
  const prefix = process.env.NOCTURNE_TEST_DB_PREFIX;
  const serverUrl = process.env.NOCTURNE_TEST_SERVER_URL;
  if (prefix && serverUrl) {
    const url = new URL(serverUrl);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
  }
  for (const container of globalThis.__NOCTURNE_CONTAINERS__ ?? []) await container.stop();
}
