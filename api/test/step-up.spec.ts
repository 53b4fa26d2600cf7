import { SECOND_FACTOR_AGAIN } from '@nocturne/domain';
import {
  GOOD_PASSWORD,
  randomIp,
  registerAdmin,
  registerMember,
  registerStaff,
  startTestApp,
  type TestApp,
  totpCode,
} from '@nocturne/testing';

/*
 * Dangerous staff actions ask for the second factor again when the session last gave it more than
 * 15 minutes ago; staff sessions last 12 hours idle and 7 days from sign-in, members' as before.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** The session last gave its second factor `minutes` ago (null: never). */
async function factorGiven(sessionId: string, minutes: number | null): Promise<void> {
  await t.sql.query(
    `update sessions set second_factor_at = case when $2::int is null then null else now() - make_interval(mins => $2::int) end
      where token_hash = encode(sha256($1::bytea), 'hex')`,
    [sessionId, minutes],
  );
}

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('step-up for dangerous staff actions', () => {
  it('refuses each of them (403, in words) once the factor is 15 minutes old, and lets everything else through', async () => {
    await factorGiven(admin.sessionId, 16);
    const dangerous: [string, string, unknown?][] = [
      ['GET', '/api/admin/members/export'],
      ['POST', '/api/admin/staff/invitations', { email: 'new.staff@example.com', firstName: 'Sam', role: 'door' }],
      ['PUT', `/api/admin/staff/${NO_SUCH_ID}/role`, { role: 'door' }],
      ['DELETE', `/api/admin/staff/${NO_SUCH_ID}`],
      ['DELETE', `/api/admin/staff/${NO_SUCH_ID}/2fa`],
      ['POST', '/api/admin/webhooks', { url: 'https://hooks.example.com/in', events: ['member.registered'] }],
      ['DELETE', `/api/admin/webhooks/${NO_SUCH_ID}`],
      ['POST', '/api/admin/sync-contacts'],
    ];
    for (const [method, path, body] of dangerous) {
      const answer = await t.request(method, path, { token: admin.sessionId, body });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 403, SECOND_FACTOR_AGAIN]);
    }
    expect((await t.request('GET', '/api/admin/users', { token: admin.sessionId })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/staff', { token: admin.sessionId })).status).toBe(200);
    await factorGiven(admin.sessionId, 0);
    // The OpenAPI entries say so.
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    expect(doc.paths['/api/admin/members/export'].get.responses['403'].description).toContain(SECOND_FACTOR_AGAIN);
    expect(doc.paths['/api/admin/users'].get.responses['403'].description).not.toContain(SECOND_FACTOR_AGAIN);
  });

  it('lets the request through once the code is given again, and a factor given 14 minutes ago is recent enough', async () => {
    const manager = await registerStaff(t, 'admin', 'Ari');
    await factorGiven(manager.sessionId, 16);
    const exportMembers = () => t.request('GET', '/api/admin/members/export', { token: manager.sessionId });
    expect((await exportMembers()).status).toBe(403);
    const verified = await t.request('POST', '/api/auth/2fa/verify', {
      token: manager.sessionId,
      body: { code: await totpCode(manager.totpSecret!, 1) },
    });
    expect(verified.status).toBe(200);
    // When the factor was given stays the server's: /me answers the user and nothing of the session.
    const me = await t.request('GET', '/api/auth/me', { token: manager.sessionId });
    expect(Object.keys(me.body)).not.toContain('secondFactorAt');
    expect((await exportMembers()).status).toBe(200);
    await factorGiven(manager.sessionId, 14);
    expect((await exportMembers()).status).toBe(200);
  });

  it('asks a session signed in on a remembered device (which never gave the factor itself)', async () => {
    const other = await registerStaff(t, 'admin', 'Remy');
    const session = await t.request('POST', '/api/auth/login', {
      body: { email: other.email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': randomIp() },
    });
    const verified = await t.request('POST', '/api/auth/2fa/verify', {
      token: session.body.sessionId,
      body: { code: await totpCode(other.totpSecret!, 1), rememberDevice: true },
    });
    const cookie = (verified.headers.get('set-cookie') ?? '').split(';')[0]!;
    const remembered = await t.request('POST', '/api/auth/login', {
      body: { email: other.email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': randomIp(), cookie },
    });
    expect(remembered.body.secondFactor).toBe('satisfied');
    const token = remembered.body.sessionId as string;
    expect((await t.request('GET', '/api/admin/users', { token })).status).toBe(200);
    const refused = await t.request('GET', '/api/admin/members/export', { token });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: SECOND_FACTOR_AGAIN });
  });
});

describe('session lengths', () => {
  const expiresIn = async (sessionId: string) =>
    Number(
      (
        await t.sql.query(
          `select extract(epoch from expires_at - now()) as seconds from sessions where token_hash = encode(sha256($1::bytea), 'hex')`,
          [sessionId],
        )
      ).rows[0].seconds,
    );

  /** A door account's fresh sign-in (registerStaff gives the role after the member's own sign-in). */
  const staffSession = async (firstName: string) => {
    const staff = await registerStaff(t, 'door', firstName);
    const signedIn = await t.request('POST', '/api/auth/login', {
      body: { email: staff.email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(signedIn.status).toBe(200);
    return { ...staff, sessionId: signedIn.body.sessionId as string };
  };

  it('gives a staff session 12 hours idle, a member 30 days', async () => {
    const staff = await staffSession('Dee');
    const member = await registerMember(t);
    expect(await expiresIn(staff.sessionId)).toBeLessThanOrEqual(12 * 3600);
    expect(await expiresIn(staff.sessionId)).toBeGreaterThan(12 * 3600 - 60);
    expect(await expiresIn(member.sessionId)).toBeGreaterThan(29 * 86_400);
  });

  it('ends a staff session 7 days after sign-in however busy, and keeps a member signed in then', async () => {
    const staff = await staffSession('Dana');
    const member = await registerMember(t);
    for (const id of [staff.user.id, member.user.id])
      await t.sql.query(
        `update sessions set created_at = now() - interval '7 days 1 minute', expires_at = now() + interval '1 hour' where member_id = $1`,
        [id],
      );
    expect((await t.request('GET', '/api/auth/me', { token: staff.sessionId })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).status).toBe(200);
  });

  it('slides a staff session no further than 12 hours from its last use', async () => {
    const staff = await staffSession('Dex');
    await t.sql.query(`update sessions set last_seen_at = now() - interval '1 hour' where member_id = $1`, [staff.user.id]);
    expect((await t.request('GET', '/api/auth/me', { token: staff.sessionId })).status).toBe(200);
    const left = await expiresIn(staff.sessionId);
    expect(left).toBeGreaterThan(12 * 3600 - 120);
    expect(left).toBeLessThanOrEqual(12 * 3600);
  });
});
