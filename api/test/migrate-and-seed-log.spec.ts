import { startServiceProcess, testRedisPrefix } from '@nocturne/testing';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

// `npm start` migrates and loads the demo content before the api starts, into the same log; the
// migrate Job and compose's migrate service write to the cluster's log. Every line must be JSON
// (no coloured MikroORM or Nest lines), and say what happened.
const serverUrl = process.env['NOCTURNE_TEST_SERVER_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
// Under the run's prefix, so the run's teardown drops it even if this file does not get to.
const database = `${process.env['NOCTURNE_TEST_DB_PREFIX']}_migrate_log_${randomBytes(3).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

async function run(entry: string): Promise<Record<string, any>[]> {
  return (await runWithPlainLines(entry)).json;
}

/** The script's JSON log lines, and the plain lines printed after them (the demo sign-ins). */
async function runWithPlainLines(entry: string): Promise<{ json: Record<string, any>[]; plain: string[] }> {
  const script = startServiceProcess(entry, {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix('seed-log'),
    MAIL_DIR: `/tmp/${database}-mail`,
  });
  const exit = await script.exited;
  const output = script.stdout().join('\n') + script.stderr();
  expect({ entry, exit, output: exit.code === 0 ? '' : output }).toEqual({ entry, exit: { code: 0, signal: null }, output: '' });
  expect(script.stderr()).toBe('');
  expect(output).not.toContain('\u001b['); // no terminal colours
  const lines = script.stdout();
  const firstPlain = lines.findIndex((line) => !line.startsWith('{'));
  const json = firstPlain === -1 ? lines : lines.slice(0, firstPlain);
  return {
    json: json.map((line) => JSON.parse(line) as Record<string, any>),
    plain: firstPlain === -1 ? [] : lines.slice(firstPlain),
  };
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
});

describe('migration and demo content output', () => {
  it('migrates a new database in JSON lines: each migration applied, then the summary', async () => {
    const lines = await run('libs/db/dist/scripts/migrate.js');
    const applied = lines.filter((line) => line['context'] === 'MikroORM:migrator' && /^Applied '/.test(line['msg']));
    expect(applied.length).toBeGreaterThan(5);
    expect(lines.at(-1)).toMatchObject({
      level: 30,
      context: 'Migrate',
      database,
      applied: applied.map((line) => /^Applied '(.+)'$/.exec(line['msg'])![1]),
    });
    expect((await run('libs/db/dist/scripts/migrate.js')).at(-1)).toMatchObject({
      context: 'Migrate',
      msg: `${database} is up to date`,
    });
  });

  it('loads the demo content in JSON lines, then prints the demo sign-ins once as plain lines, and says so when there is nothing to do', async () => {
    const { json: lines, plain } = await runWithPlainLines('api/dist/scripts/seed-demo.js');
    const said = lines.filter((line) => line['context'] === 'Seed').map((line) => line['msg']);
    expect(said).toEqual(expect.arrayContaining(['Demo content loaded.']));
    expect(JSON.stringify(lines)).not.toContain('nocturne-admin-demo');
    expect(plain.filter((line) => line.trim() !== '')).toEqual([
      'Demo sign-ins (e-mail / password):',
      '  admin    admin@nocturne.local / nocturne-admin-demo',
      '  manager  manager@nocturne.local / nocturne-manager-demo',
      '  door     door@nocturne.local / nocturne-door-demo',
      expect.stringMatching(/^ {2}members {2}jordan@nocturne\.local, priya@nocturne\.local, .+ \/ nocturne-member-demo$/),
    ]);
    // Warnings of the api's modules (QR_SECRET unset here) are JSON lines too; their start-up chatter is not logged.
    expect(lines.filter((line) => line['context'] === 'InstanceLoader')).toEqual([]);
    const again = await runWithPlainLines('api/dist/scripts/seed-demo.js');
    expect(again.plain).toEqual([]);
    expect(again.json.filter((line) => line['context'] === 'Seed').map((line) => line['msg'])).toEqual([
      'The database already has members: demo content not loaded.',
    ]);
  });
});
