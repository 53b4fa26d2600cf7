import { apiEnvSchema, baseEnvSchema, ConfigError, loadConfig, workerEnvSchema } from '@nocturne/config';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordProblem } from '#modules/auth/password-policy.js';
import { environmentOf, InterpolationError, parseDotenv, resolveCompose, type ComposeFile } from '../support/compose.js';

// No Docker engine runs where the tests run, so this reads docker-compose.yml and .env.example
// the way `docker compose up` would after `cp .env.example .env`, and runs each process's
// resolved environment through the same checks the process runs on start.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const envExampleText = readFileSync(path.join(root, '.env.example'), 'utf8');
const envExample = parseDotenv(envExampleText);

/** Variables .env.example marks as required for compose. */
const markedRequired = envExampleText
  .split('\n')
  .filter((line) => /^\w+=.*\[compose: required\]/.test(line))
  .map((line) => line.split('=')[0]!.trim());

/** What the operator fills in, the way .env.example says (generated secrets, a real admin). */
function filledIn(): Record<string, string> {
  return {
    ...envExample,
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    API_DATABASE_PASSWORD: randomBytes(24).toString('hex'),
    MINIO_ROOT_PASSWORD: randomBytes(24).toString('hex'),
    QR_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'owner@venue.example',
    ADMIN_PASSWORD: randomBytes(18).toString('base64'),
  };
}

const SCHEMAS = { api: apiEnvSchema, worker: workerEnvSchema, migrate: baseEnvSchema } as const;

/** Every reason a process of the resolved compose file would refuse to start. */
function startProblems(compose: ComposeFile): string[] {
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const env = environmentOf(compose.services[name]!);
    try {
      loadConfig(schema, env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems.map((problem) => `${name}: ${problem}`));
    }
    // The api creates ADMIN_EMAIL's account on start and throws when the policy refuses its password.
    if (name === 'api' && env['ADMIN_EMAIL'] && env['ADMIN_PASSWORD']) {
      const refused = passwordProblem(env['ADMIN_PASSWORD'], { email: env['ADMIN_EMAIL'].toLowerCase() });
      if (refused) problems.push(`api: ADMIN_PASSWORD: ${refused}`);
    }
  }
  return problems;
}

function interpolationProblems(vars: Record<string, string>): string[] {
  try {
    resolveCompose(composeText, vars);
    return [];
  } catch (error) {
    if (error instanceof InterpolationError) return error.problems;
    throw error;
  }
}

describe('docker-compose.yml', () => {
  it('refuses to start from an unfilled .env, naming each secret to fill in', () => {
    const problems = interpolationProblems(envExample);
    const named = [...new Set(problems.map((problem) => problem.split(':')[0]))].sort();
    expect(named).toEqual([
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'API_DATABASE_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'POSTGRES_PASSWORD',
      'QR_SECRET',
    ]);
    expect(markedRequired.sort()).toEqual(named);
    for (const problem of problems) expect(problem).toMatch(/set \w+ in \.env/);
  });

  it('starts every process once .env is filled in as .env.example says', () => {
    const compose = resolveCompose(composeText, filledIn());
    expect(startProblems(compose)).toEqual([]);
  });

  /**
   * What compose fixes whatever .env says: the addresses of its own services, production mode, and
   * paths and listeners inside the image. Everything else a process reads comes from .env.
   */
  const FIXED_BY_COMPOSE: Record<keyof typeof SCHEMAS, string[]> = {
    migrate: [],
    api: ['PORT', 'HOST', 'WEB_DIST_DIR'],
    worker: ['WORKER_METRICS_PORT', 'WORKER_METRICS_HOST'],
  };
  const FIXED_FOR_EVERY_PROCESS = [
    'NODE_ENV',
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'MAIL_DIR',
    'STORAGE_DIR',
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ];

  it('passes every other variable set in .env to the processes that read it', () => {
    const names = new Set(Object.values(SCHEMAS).flatMap((schema) => Object.keys(schema.shape)));
    // A value nobody would choose, for each variable, as if the operator had set it in .env.
    const marked = Object.fromEntries([...names].map((name) => [name, `from-dotenv-${name}`]));
    const { services } = resolveCompose(composeText, { ...filledIn(), ...marked });
    for (const [process, schema] of Object.entries(SCHEMAS) as [keyof typeof SCHEMAS, (typeof SCHEMAS)[keyof typeof SCHEMAS]][]) {
      const env = environmentOf(services[process]!);
      const fixed = new Set([...FIXED_FOR_EVERY_PROCESS, ...FIXED_BY_COMPOSE[process]]);
      const lost = Object.keys(schema.shape).filter((name) => !fixed.has(name) && env[name] !== marked[name]);
      expect({ process, lost }).toEqual({ process, lost: [] });
      const overridden = [...fixed].filter((name) => env[name] === marked[name]);
      expect({ process, overridden }).toEqual({ process, overridden: [] });
    }
    // Every variable a process reads is documented in .env.example.
    expect([...names].filter((name) => !(name in envExample))).toEqual([]);
  });

  it('gives every variable left empty in .env its documented default', () => {
    const filled = filledIn();
    const vars = Object.fromEntries(
      Object.entries(filled).map(([name, value]) => [name, markedRequired.includes(name) ? value : '']),
    );
    const worker = loadConfig(workerEnvSchema, environmentOf(resolveCompose(composeText, vars).services['worker']!));
    expect([worker.TIER_SILVER, worker.POINTS_WELCOME_BONUS, worker.WORKER_CONCURRENCY, worker.LOG_LEVEL]).toEqual([
      100,
      20,
      4,
      'info',
    ]);
    expect([worker.VENUE_TZ, worker.AC_AUTO_SYNC, worker.POINTS_EXPIRE_AFTER_MONTHS]).toEqual([
      'Australia/Sydney',
      true,
      undefined,
    ]);
    expect([
      worker.WORKER_CONCURRENCY_EMAIL,
      worker.WORKER_CONCURRENCY_WEBHOOKS,
      worker.WORKER_CONCURRENCY_ACTIVECAMPAIGN,
      worker.WORKER_CONCURRENCY_MAINTENANCE,
    ]).toEqual([undefined, undefined, 10, 1]);
  });

  it('gives no secret a default', () => {
    const defaults = [...composeText.matchAll(/\$\{(\w+):?-([^}]*)\}/g)].map(([, name, fallback]) => ({ name, fallback }));
    const secretDefaults = defaults.filter(({ name, fallback }) => /PASSWORD|SECRET|KEY/.test(name!) && fallback !== '');
    expect(secretDefaults).toEqual([]);
  });

  it('would catch the values that used to break start-up', () => {
    const demoAdmin = resolveCompose(composeText, {
      ...filledIn(),
      ADMIN_EMAIL: 'admin@nocturne.local',
      ADMIN_PASSWORD: 'nocturne-admin-demo',
    });
    expect(startProblems(demoAdmin)).toEqual(['api: ADMIN_PASSWORD: Password must not contain your email address']);
    const shortQrSecret = resolveCompose(composeText, { ...filledIn(), QR_SECRET: 'change-me' });
    expect(startProblems(shortQrSecret)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^worker: QR_SECRET: .*32 characters/)]),
    );
  });

  it('wires each process to the compose services with the same secrets on both ends', () => {
    const vars = filledIn();
    const { services } = resolveCompose(composeText, vars);
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'mailpit', 'migrate', 'minio', 'minio-setup', 'postgres', 'redis', 'worker'].sort(),
    );
    expect(services['postgres']!.image).toBe('postgres:17');
    expect(services['redis']!.image).toBe('redis:7');
    expect(services['redis']!.command).toEqual(
      expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']),
    );
    expect(services['minio-setup']!.entrypoint!.join(' ')).toContain('mc mb --ignore-existing local/nocturne-media');
    // `$$` reaches the container as `$`: its shell reads the password from its own environment.
    expect(services['minio-setup']!.entrypoint!.join(' ')).toContain('"$MINIO_ROOT_PASSWORD"');
    expect(environmentOf(services['minio-setup']!)['MINIO_ROOT_PASSWORD']).toBe(vars['MINIO_ROOT_PASSWORD']);
    expect(services['mailpit']!.image).toContain('mailpit');
    expect(environmentOf(services['postgres']!)['POSTGRES_PASSWORD']).toBe(vars['POSTGRES_PASSWORD']);
    expect(environmentOf(services['minio']!)['MINIO_ROOT_PASSWORD']).toBe(vars['MINIO_ROOT_PASSWORD']);

    expect(services['migrate']!.build!.target).toBe('migrate');
    expect(services['migrate']!.restart).toBe('no');
    for (const name of ['api', 'worker'] as const) {
      expect((services[name]!.depends_on as Record<string, unknown>)['migrate']).toEqual({
        condition: 'service_completed_successfully',
      });
      const config = loadConfig(SCHEMAS[name], environmentOf(services[name]!)) as Record<string, unknown>;
      expect(config['NODE_ENV']).toBe('production');
      // The api runs as the role that cannot change the audit log; the worker as the owner.
      const database = new URL(String(config['DATABASE_URL']));
      expect([database.hostname, database.username, database.password]).toEqual(
        name === 'api'
          ? ['postgres', 'nocturne_api', vars['API_DATABASE_PASSWORD']]
          : ['postgres', 'nocturne', vars['POSTGRES_PASSWORD']],
      );
      expect(new URL(String(config['REDIS_URL'])).hostname).toBe('redis');
      expect(new URL(String(config['SMTP_URL'])).hostname).toBe('mailpit');
      expect(new URL(String(config['S3_ENDPOINT'])).hostname).toBe('minio');
      // Browsers get signed URLs for the bucket: they must point at a port minio publishes on the host.
      const publicEndpoint = new URL(String(config['S3_PUBLIC_ENDPOINT']));
      expect(publicEndpoint.hostname).toBe('localhost');
      expect(services['minio']!.ports).toContain(`${publicEndpoint.port}:9000`);
      expect(config['S3_BUCKET']).toBe('nocturne-media');
      expect(config['S3_SECRET_ACCESS_KEY']).toBe(vars['MINIO_ROOT_PASSWORD']);
      expect(config['QR_SECRET']).toBe(vars['QR_SECRET']);
    }
    expect(environmentOf(services['api']!)['ADMIN_PASSWORD']).toBe(vars['ADMIN_PASSWORD']);
    // migrate runs as the owner and gives the api's role the api's password.
    const migrate = environmentOf(services['migrate']!);
    expect(new URL(migrate['DATABASE_URL']!).username).toBe('nocturne');
    expect(migrate['API_DATABASE_PASSWORD']).toBe(vars['API_DATABASE_PASSWORD']);
  });
});

describe('.docker/Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, '.docker/Dockerfile'), 'utf8');

  it('copies every workspace package.json before npm ci, so the lockfile matches and the install succeeds', () => {
    const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
    const packages = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2)))
            .map((name) => `${pattern.slice(0, -2)}/${name}`)
            .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
        : [pattern],
    );
    const beforeInstall = dockerfile.slice(0, dockerfile.indexOf('RUN npm ci'));
    expect(packages.length).toBeGreaterThan(5);
    const missing = packages.filter((dir) => !beforeInstall.includes(`COPY ${dir}/package.json ${dir}/`));
    expect(missing).toEqual([]);
  });

  it('starts the api and the worker with the V8 flags of every other start path', () => {
    // The heap limits keep each process in its 300 MB budget; without pretenuring the api's read
    // tail is the baseline's (SERVICE_NODE_FLAGS). A flag dropped from one place is a container
    // that runs differently from what the benches measured.
    const stackHelpers = readFileSync(path.join(root, 'libs/tooling/bin/stack-helpers.mjs'), 'utf8');
    const serviceFlags = [.../export const SERVICE_NODE_FLAGS = \[([^\]]*)\]/.exec(stackHelpers)![1]!.matchAll(/'([^']+)'/g)].map(
      (match) => match[1],
    );
    expect(serviceFlags).toEqual(
      expect.arrayContaining(['--max-old-space-size=192', '--no-allocation-site-pretenuring', '--no-maglev']),
    );
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const service of ['api', 'worker']) {
      const cmd = new RegExp(`^FROM runtime AS ${service}$[\\s\\S]*?^CMD (\\[.*\\])$`, 'm').exec(dockerfile)?.[1];
      const argv = JSON.parse(cmd ?? 'null') as string[];
      expect(argv).toEqual(['node', ...serviceFlags, `${service}/dist/main.js`]);
      const script = scripts[`start:${service}`]!.split(/\s+/);
      expect(script.filter((word) => word.startsWith('--') && !word.startsWith('--env-file'))).toEqual(serviceFlags);
    }
  });

  it('runs the api and the worker with the malloc settings of every other start path', () => {
    // glibc reads them as the process starts, so each start path sets them in the environment
    // (SERVICE_ENV): the Dockerfile's ENV, the start scripts before `node`, the stack scripts' spawns.
    const stackHelpers = readFileSync(path.join(root, 'libs/tooling/bin/stack-helpers.mjs'), 'utf8');
    const serviceEnv = [.../export const SERVICE_ENV = \{([^}]*)\}/.exec(stackHelpers)![1]!.matchAll(/(\w+): '([^']*)'/g)].map(
      (match) => `${match[1]}=${match[2]}`,
    );
    expect(serviceEnv).toEqual(['MALLOC_MMAP_THRESHOLD_=131072']);
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const service of ['api', 'worker']) {
      const stage = new RegExp(`^FROM runtime AS ${service}$([\\s\\S]*?)^CMD `, 'm').exec(dockerfile)?.[1] ?? '';
      expect([...stage.matchAll(/^ENV (\S+)$/gm)].map((match) => match[1])).toEqual(serviceEnv);
      const script = scripts[`start:${service}`]!.split(/\s+/);
      expect(script.slice(0, script.indexOf('node'))).toEqual(serviceEnv);
    }
    for (const starter of ['start', 'dev', 'run-e2e', 'bench', 'bench-scale', 'bench-web', 'bench-door-drill']) {
      const source = readFileSync(path.join(root, `libs/tooling/bin/${starter}.mjs`), 'utf8');
      expect({ starter, merges: /SERVICE_ENV \}/.test(source) }).toEqual({ starter, merges: true });
    }
  });

  it('has the build targets compose names', () => {
    const targets = Object.values(resolveCompose(composeText, filledIn()).services).flatMap(
      (service) => service.build?.target ?? [],
    );
    for (const target of new Set(targets)) expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${target}$`, 'm'));
  });
});
