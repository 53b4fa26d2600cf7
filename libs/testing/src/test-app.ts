import type { NestFastifyApplication } from '@nestjs/platform-fastify';
// The api's own factory, as production builds it: the one thing of the api this harness needs.
import { createApp } from '@nocturne/api/app-factory';
import { type ApiEnv, apiEnvSchema, loadConfig } from '@nocturne/config';
import { generate } from 'otplib';
import pg from 'pg';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database.js';

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  config: ApiEnv;
  db: TestDatabase;
  sql: pg.Pool;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
  close(): Promise<void>;
}

/** Builds the test environment: a throwaway database, its own Redis prefix, quiet logs. */
export async function testEnv(
  overrides: Record<string, string> = {},
): Promise<{ env: Record<string, string>; db: TestDatabase }> {
  const db = await createTestDatabase('api');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix('api'),
    WEB_DIST_DIR: '/nonexistent',
    MAIL_DIR: `/tmp/${db.name}-mail`,
    // Tests speak for many clients through X-Forwarded-For (per-IP rate limits).
    TRUST_PROXY: '1',
    ...overrides,
  };
  return { env, db };
}

/** Starts the real api (createApp, as production does) on a random loopback port; api and worker tests drive it over HTTP. */
export async function startTestApp(
  overrides: Record<string, string> = {},
  existing?: { env: Record<string, string>; db: TestDatabase },
): Promise<TestApp> {
  const { env, db } = existing ?? (await testEnv(overrides));
  const config = loadConfig(apiEnvSchema, { ...env, ...overrides });
  const app = await createApp(config, { bufferLogs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const sql = new pg.Pool({ connectionString: db.url, max: 3 });
  // pool.end() resolves before its connections have closed, so the DROP ... WITH (FORCE) in close()
  // can still terminate one; without a listener that 'error' would fail the whole test file.
  sql.on('error', () => undefined);
  return {
    app,
    baseUrl,
    config,
    db,
    sql,
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers['authorization'] = `Bearer ${options.token}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed as T, headers: response.headers };
    },
    async close() {
      await app.close();
      await sql.end();
      await db.drop();
    },
  };
}

let counter = 0;

let ipCounter = Math.floor(Math.random() * 30_000);

/** A client address never handed out before in this process (per-IP rate limits start fresh). */
export function randomIp(): string {
  ipCounter += 1;
  return `198.${18 + ((ipCounter >> 16) & 1)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(label = 'member'): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

export const GOOD_PASSWORD = 'velvet-rope-2026';

/** A date of birth well over 18 on any venue date: sign-up requires one. */
export const ADULT_DATE_OF_BIRTH = '1990-06-15';

export async function registerMember(
  app: TestApp,
  overrides: Partial<{
    email: string;
    firstName: string;
    lastName: string;
    password: string;
    dateOfBirth: string;
    marketingConsent: boolean;
    referralCode: string;
  }> = {},
  ip?: string,
) {
  const body = {
    email: uniqueEmail(),
    firstName: 'Morgan',
    lastName: 'Reyes',
    password: GOOD_PASSWORD,
    dateOfBirth: ADULT_DATE_OF_BIRTH,
    ...overrides,
  };
  // Sign-ups and sign-ins past the api's short hashing line get 503: like a client, try again a
  // little later (from a fresh address unless one was given, so the retries do not meet the
  // per-address limit).
  const send = async (path: string, payload: object) => {
    let answer = await app.request('POST', path, { body: payload, headers: { 'x-forwarded-for': ip ?? randomIp() } });
    for (let tries = 0; answer.status === 503 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await app.request('POST', path, { body: payload, headers: { 'x-forwarded-for': ip ?? randomIp() } });
    }
    return answer;
  };
  const registered = await send('/api/auth/register', body);
  if (registered.status !== 202) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  // The sign-up answers alike for a new and a taken e-mail; the new member then signs in, as the web does.
  const answer = await send('/api/auth/login', { email: body.email, password: body.password });
  if (answer.status !== 200) throw new Error(`sign-in after register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...answer.body, email: body.email, password: body.password } as {
    sessionId: string;
    user: { id: string; email: string };
    email: string;
    password: string;
  };
}

/** The TOTP code of `secret` for now, or `steps` periods of 30 s away. */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30, period: 30 });
}

/**
 * Enrols an authenticator app on the session through the api, as a person would (start, then
 * confirm with a code computed from the secret): the session is then satisfied.
 */
export async function enrolTotp(app: TestApp, sessionId: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await app.request('POST', '/api/auth/2fa/totp', { token: sessionId });
  if (started.status !== 200) throw new Error(`2fa start failed: ${started.status} ${JSON.stringify(started.body)}`);
  const secret = started.body.secret as string;
  const confirmed = await app.request('POST', '/api/auth/2fa/totp/confirm', {
    token: sessionId,
    body: { code: await totpCode(secret) },
  });
  if (confirmed.status !== 200) throw new Error(`2fa confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/**
 * A new account holding a staff role (its sessions see the role at once: nothing cached it yet).
 * Managers and admins must have a second factor: theirs enrols an authenticator app on
 * the returned session, so it works like a fully signed-in one; `totpSecret` signs in again.
 * Door accounts stay without one (they may enrol; `{ secondFactor: true }` does).
 */
export async function registerStaff(
  app: TestApp,
  role: 'door' | 'manager' | 'admin',
  firstName = 'Alex',
  { secondFactor = role !== 'door' }: { secondFactor?: boolean } = {},
) {
  const member = await registerMember(app, { firstName });
  await app.sql.query('update members set role = $2 where id = $1', [member.user.id, role]);
  const enrolled = secondFactor ? await enrolTotp(app, member.sessionId) : null;
  return { ...member, totpSecret: enrolled?.secret ?? null, recoveryCodes: enrolled?.recoveryCodes ?? [] };
}

export async function registerAdmin(app: TestApp) {
  return registerStaff(app, 'admin');
}
