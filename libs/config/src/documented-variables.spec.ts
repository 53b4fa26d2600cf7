import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { apiEnvSchema, baseEnvSchema, workerEnvSchema } from './env.js';
import { loadConfig } from './load-config.js';

// The configuration an operator reads (README's table, .env.example) is the configuration the
// processes read (the schemas), no more and no less; and `.env` really reaches `npm start`.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const schemaNames = [
  ...new Set([baseEnvSchema, apiEnvSchema, workerEnvSchema].flatMap((schema) => Object.keys(schema.shape))),
].sort();

const envExampleText = read('.env.example');
/** .env.example as Node's own reader (the one behind --env-file) sees it. */
const envExample = parseEnv(envExampleText) as Record<string, string>;

/**
 * Variables only docker compose reads (its services' passwords): the ".env.example" section
 * "--- docker compose only ---". They are documented beside the rest, and marked.
 */
const composeOnly = (() => {
  const section = /^# --- docker compose only ---.*$([\s\S]*?)^# ---/m.exec(envExampleText)?.[1] ?? '';
  return Object.keys(parseEnv(section)).sort();
})();

/** README's "Configuration" table: the variables each row names, and the row. */
const readmeRows = (() => {
  const readme = read('README.md');
  const section = readme.slice(
    readme.indexOf('\n## Configuration\n'),
    readme.indexOf('\n## ', readme.indexOf('\n## Configuration\n') + 1),
  );
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, first = ''] = line.split('|');
      return { names: [...first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!), row: line };
    });
})();

describe('the documented configuration', () => {
  it('.env.example lists every variable a process reads, and besides them only the marked compose-only ones', () => {
    expect(schemaNames.length).toBeGreaterThan(40);
    expect(Object.keys(envExample).sort()).toEqual([...schemaNames, ...composeOnly].sort());
  });

  it('marks as compose-only only variables no process reads and docker-compose.yml does', () => {
    expect(composeOnly).toEqual(['MINIO_ROOT_PASSWORD', 'POSTGRES_PASSWORD']);
    const compose = read('docker-compose.yml');
    for (const name of composeOnly) {
      expect({ name, readByAProcess: schemaNames.includes(name) }).toEqual({ name, readByAProcess: false });
      expect({ name, inCompose: compose.includes(`\${${name}`) }).toEqual({ name, inCompose: true });
    }
  });

  it("README's configuration table has a row for every variable a process reads, and besides them only the compose-only ones, marked", () => {
    const named = readmeRows.flatMap((row) => row.names);
    expect(named.length).toBe(new Set(named).size);
    expect([...named].sort()).toEqual([...schemaNames, ...composeOnly].sort());
    for (const name of composeOnly) {
      const row = readmeRows.find((candidate) => candidate.names.includes(name))!;
      expect(row.row).toContain('docker compose only');
    }
  });

  it(".env.example, read by Node's own .env reader, starts every process with the defaults", () => {
    for (const schema of [apiEnvSchema, workerEnvSchema, baseEnvSchema]) {
      expect(loadConfig(schema, envExample)).toEqual(loadConfig(schema, {}));
    }
  });
});

describe('.env', () => {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  /** The npm scripts that run the app or a script against its database. */
  const running = [
    'start',
    'dev',
    'start:api',
    'start:worker',
    'db:migrate',
    'db:migration:create',
    'db:seed',
    'admin:create',
    'ledger:verify',
  ];

  it('is read by every npm script that runs the app or its scripts, with Node’s own --env-file-if-exists', () => {
    for (const name of running) {
      // A start script may set glibc's settings before `node` (SERVICE_ENV): those it reads before .env.
      const nodeRuns = scripts[name]!.split('&&').filter((part) => /^\s*(?:[A-Z_]+=\S+\s+)*node\s/.test(part));
      expect({ name, nodeRuns: nodeRuns.length }).toEqual({ name, nodeRuns: 1 });
      expect({ name, script: nodeRuns[0]!.trim() }).toEqual({
        name,
        script: expect.stringMatching(/^(?:[A-Z_]+=\S+ )*node --env-file-if-exists=\.env /),
      });
    }
  });

  it('reaches the process the way `npm start` runs it: ActiveCampaign set in .env is configured, and the environment still wins', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-dotenv-'));
    try {
      writeFileSync(
        path.join(dir, '.env'),
        [
          'AC_API_URL=https://venue.api-us1.com   # from the admin screen',
          'AC_API_KEY=ac-key-from-dotenv',
          'TIER_GOLD=650',
          'PORT=9090',
        ].join('\n'),
      );
      // The start script's own node flags, in a folder holding that .env, printing what the process sees.
      const flags = scripts['start']!.split(/\s+/).filter((part) => part.startsWith('--'));
      const answer = spawnSync(process.execPath, [...flags, '-e', 'process.stdout.write(JSON.stringify(process.env))'], {
        cwd: dir,
        env: { PATH: process.env['PATH'] ?? '', PORT: '7070' },
        encoding: 'utf8',
      });
      expect(answer.stderr).toBe('');
      const config = loadConfig(apiEnvSchema, JSON.parse(answer.stdout) as Record<string, string>);
      expect([config.AC_API_URL, config.AC_API_KEY, config.TIER_GOLD, config.PORT]).toEqual([
        'https://venue.api-us1.com',
        'ac-key-from-dotenv',
        650,
        7070,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
