import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Starts the built worker (worker/dist/main.js) as a child process, so a test can SIGKILL it. */
export function spawnWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/node'), [path.join(repoRoot, 'worker/dist/main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', () => undefined);
  return child;
}

/** A bcrypt-free placeholder: seeded members never sign in. */
const SEED_HASH = 'seeded-member-without-password';

/** Inserts `count` members in one statement, with e-mails `<label>-<n>@example.com`. */
export async function seedMembers(
  sql: { query: (text: string, values?: unknown[]) => Promise<unknown> },
  count: number,
  label: string,
): Promise<void> {
  await sql.query(
    `insert into members (email, first_name, last_name, password_hash)
       select $1 || '-' || n || '@example.com', 'Guest', 'Number ' || n, $2 from generate_series(1, $3::int) as n`,
    [label, SEED_HASH, count],
  );
}
