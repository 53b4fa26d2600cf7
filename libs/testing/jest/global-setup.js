// Integration tests: one migrated template database per run (each test file copies it), on the
// PostgreSQL and Redis named by DATABASE_URL / REDIS_URL, or started by testcontainers where
// those are unset and a Docker engine answers.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function dockerAvailable() {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

export default async function globalSetup() {
  if (!process.env.DATABASE_URL && !process.env.REDIS_URL && dockerAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const postgres = await new PostgreSqlContainer('postgres:17').withUsername('postgres').withPassword('postgres').start();
    const redis = await new RedisContainer('redis:7').start();
    globalThis.__NOCTURNE_CONTAINERS__ = [postgres, redis];
    process.env.DATABASE_URL = postgres.getConnectionUri();
    process.env.REDIS_URL = redis.getConnectionUrl();
  }
  const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  const prefix = `nocturne_test_${randomBytes(3).toString('hex')}`;
  const template = new URL(serverUrl);
  template.pathname = `/${prefix}_tpl`;
  // Migrate the template with the real migration command, in a child on the project's Node.
  execFileSync(process.execPath, [path.join(root, 'libs/db/dist/scripts/migrate.js')], {
    env: { ...process.env, DATABASE_URL: template.toString() },
    stdio: 'ignore',
  });
  process.env.NOCTURNE_TEST_TEMPLATE_URL = template.toString();
  process.env.NOCTURNE_TEST_DB_PREFIX = prefix;
  process.env.NOCTURNE_TEST_SERVER_URL = serverUrl;
}
