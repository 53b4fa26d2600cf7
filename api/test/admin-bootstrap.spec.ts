import { jest } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { ensureAdmin } from '../src/modules/auth/admin-bootstrap.js';
import { PasswordHasher } from '../src/modules/auth/password-hasher.js';
import {
  GOOD_PASSWORD,
  randomIp,
  registerAdmin,
  registerMember,
  startTestApp,
  type TestApp,
  testEnv,
  uniqueEmail,
} from '@nocturne/testing';

const ADMIN_PASSWORD = 'door-staff-secret-2026';

let env: Awaited<ReturnType<typeof testEnv>>;
let t: TestApp | undefined;

beforeAll(async () => {
  env = await testEnv();
});
afterAll(async () => {
  if (t) await t.close();
  else await env.db.drop();
});

/** Stops the running api (keeping its database) and starts it again with these settings. */
async function restart(overrides: Record<string, string>): Promise<TestApp> {
  if (t) {
    await t.app.close();
    await t.sql.end();
  }
  t = await startTestApp(overrides, env);
  return t;
}

const login = (app: TestApp, email: string, password: string) =>
  app.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': randomIp() } });

it('creates the ADMIN_EMAIL admin on start when nobody has that e-mail', async () => {
  const email = uniqueEmail('staff');
  const app = await restart({ ADMIN_EMAIL: email, ADMIN_PASSWORD });
  const answer = await login(app, email, ADMIN_PASSWORD);
  expect(answer.status).toBe(200);
  expect(answer.body.user.isAdmin).toBe(true);
});

it('never promotes a member who registered the ADMIN_EMAIL address: refuses with a log line naming admin:create', async () => {
  let app = await restart({});
  const email = uniqueEmail('squatter');
  const squatter = await registerMember(app, { email });
  const errors = jest.spyOn(Logger.prototype, 'error');
  try {
    app = await restart({ ADMIN_EMAIL: email, ADMIN_PASSWORD });
    expect(errors.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(
      /ADMIN_EMAIL.*not an admin.*npm run admin:create/s,
    );
  } finally {
    errors.mockRestore();
  }
  const me = await app.request('GET', '/api/auth/me', { token: squatter.sessionId });
  expect(me.status).toBe(200);
  expect(me.body.isAdmin).toBe(false);
  expect((await login(app, email, ADMIN_PASSWORD)).status).toBe(401);
  expect((await app.request('GET', '/api/admin/users', { token: squatter.sessionId })).status).toBe(403);
});

it('admin:create promotes an existing member on purpose and signs out every session they had', async () => {
  const app = await restart({});
  const member = await registerMember(app, { password: GOOD_PASSWORD });
  const other = await registerMember(app);
  const outcome = await ensureAdmin(
    app.app.get(EntityManager).fork(),
    app.app.get(PasswordHasher),
    { email: member.email, password: ADMIN_PASSWORD },
    { promoteExisting: true },
  );
  expect(outcome).toBe('promoted');
  expect((await app.request('GET', '/api/auth/me', { token: member.sessionId })).status).toBe(401);
  expect((await app.request('GET', '/api/auth/me', { token: other.sessionId })).status).toBe(200);
  const fresh = await login(app, member.email, ADMIN_PASSWORD);
  expect(fresh.status).toBe(200);
  expect(fresh.body.user.isAdmin).toBe(true);
});

it('admin:create on an account staff disabled makes an admin who can sign in', async () => {
  const app = await restart({});
  const admin = await registerAdmin(app);
  const member = await registerMember(app);
  expect((await app.request('POST', `/api/admin/members/${member.user.id}/disable`, { token: admin.sessionId })).status).toBe(
    200,
  );
  expect((await login(app, member.email, member.password)).status).toBe(403);
  const outcome = await ensureAdmin(
    app.app.get(EntityManager).fork(),
    app.app.get(PasswordHasher),
    { email: member.email, password: ADMIN_PASSWORD },
    { promoteExisting: true },
  );
  expect(outcome).toBe('promoted');
  const fresh = await login(app, member.email, ADMIN_PASSWORD);
  expect(fresh.status).toBe(200);
  expect(fresh.body.user.isAdmin).toBe(true);
});
