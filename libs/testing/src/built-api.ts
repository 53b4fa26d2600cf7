import { readFileSync } from 'node:fs';
import { freeLoopbackPort, type ServiceProcess, startEnvOf, startFlagsOf, startServiceProcess } from './service-process.js';
import { totpCode } from './test-app.js';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database.js';

/**
 * The built api as its own process, started as `npm run start:api` starts it (its heap flags and
 * malloc settings), on a database of its own: for the tests that measure what the api holds in
 * memory under load, whose resident set must be the api's, not the test's.
 */
export interface BuiltApi {
  api: ServiceProcess;
  db: TestDatabase;
  baseUrl: string;
  /** A JSON request; the answer's status, body (parsed) and size in bytes. */
  call(method: string, pathname: string, token?: string, body?: unknown): Promise<{ status: number; bytes: number; body: any }>;
  /** The api's resident set (VmRSS) now, in MB. */
  rssMb(): number;
  /** Samples the api's RSS every `everyMs` while `work` runs; its result and the peak in MB. */
  peakRssDuring<T>(work: () => Promise<T>, everyMs?: number): Promise<{ result: T; peakMb: number }>;
  /** Signs the install's admin in and enrols an authenticator app, as an admin does first: the session token. */
  adminSession(): Promise<{ token: string; memberId: string }>;
  stop(): Promise<void>;
}

export async function startBuiltApi(
  name: string,
  options: {
    env?: Record<string, string>;
    admin?: { email: string; password: string };
    heapFlags?: boolean;
    /** More node flags, after the heap flags (e.g. `--import` of a module hook). */
    nodeFlags?: string[];
  } = {},
): Promise<BuiltApi> {
  const admin = options.admin ?? { email: `${name.replace(/_/g, '-')}@club.example`, password: `${name}-password-2026` };
  const db = await createTestDatabase(name);
  const port = await freeLoopbackPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const flags = [...(options.heapFlags === false ? [] : startFlagsOf('start:api')), ...(options.nodeFlags ?? [])];
  // What is measured is the api as production runs it: with the heap limit its start script sets.
  if (options.heapFlags !== false && !flags.some((flag) => flag.startsWith('--max-old-space-size=')))
    throw new Error('npm run start:api sets no --max-old-space-size: the memory tests measure the api as it runs');
  const api = startServiceProcess(
    'api/dist/main.js',
    {
      ...(options.heapFlags === false ? {} : startEnvOf('start:api')),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info', // the 'api listening on' line
      DATABASE_URL: db.url,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testRedisPrefix(name),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...options.env,
    },
    flags,
  );
  await api.waitForLine((line) => line.includes('api listening on'), 'the api to listen', 60_000);

  const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))?.[1]) / 1024;
  const call: BuiltApi['call'] = async (method, pathname, token, body) => {
    const answer = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await answer.text();
    return { status: answer.status, bytes: text.length, body: text ? JSON.parse(text) : undefined };
  };
  return {
    api,
    db,
    baseUrl,
    call,
    rssMb,
    async peakRssDuring(work, everyMs = 25) {
      let peakMb = rssMb();
      const sampler = setInterval(() => {
        if (api.child.exitCode === null) peakMb = Math.max(peakMb, rssMb());
      }, everyMs);
      try {
        const result = await work();
        if (api.child.exitCode === null) peakMb = Math.max(peakMb, rssMb());
        return { result, peakMb };
      } finally {
        clearInterval(sampler);
      }
    },
    async adminSession() {
      const login = await call('POST', '/api/auth/login', undefined, admin);
      if (login.status !== 200) throw new Error(`the admin's sign-in answered ${login.status}`);
      const token = login.body.sessionId as string;
      const started = await call('POST', '/api/auth/2fa/totp', token);
      const confirmed = await call('POST', '/api/auth/2fa/totp/confirm', token, { code: await totpCode(started.body.secret) });
      if (confirmed.status !== 200) throw new Error(`the admin's authenticator app answered ${confirmed.status}`);
      return { token, memberId: login.body.user.id as string };
    },
    async stop() {
      await api.stop('SIGKILL');
      await db.drop();
    },
  };
}
