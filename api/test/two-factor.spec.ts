import { ENROL_ENDPOINTS, endpoints, VERIFY_ENDPOINTS } from '@nocturne/contracts';
import {
  PASSKEY_FAILED,
  SECOND_FACTOR_ENROL_REQUIRED,
  SECOND_FACTOR_LAST_ONE,
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_WRONG_CODE,
} from '@nocturne/domain';
import {
  enrolTotp,
  GOOD_PASSWORD,
  randomIp,
  registerAdmin,
  registerStaff,
  SoftwareAuthenticator,
  startTestApp,
  type TestApp,
  totpCode,
} from '@nocturne/testing';
import { TotpSecretBox, UnreadableTotpSecret } from '../src/modules/auth/two-factor/totp-secret-box.js';
import { DocumentedAnswers } from './support/documented-answers.js';

/*
 * A second factor for staff, over HTTP against the real api. Managers and admins
 * must enrol before anything else; a staff account with a factor owes it at each sign-in unless the
 * device was remembered (≤ 12 h); the guard enforces both for every endpoint.
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

function signIn(email: string, cookie?: string) {
  return t.request('POST', '/api/auth/login', {
    body: { email, password: GOOD_PASSWORD },
    headers: { 'x-forwarded-for': randomIp(), ...(cookie ? { cookie } : {}) },
  });
}
const verify = (token: string, body: Record<string, unknown>) => t.request('POST', '/api/auth/2fa/verify', { token, body });
const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const MANAGER_PAGE = '/api/admin/users';

/** Every endpoint a role may call, with its path's parameters filled in. */
function endpointsFor(role: string) {
  return Object.entries(endpoints)
    .filter(([, spec]) => spec.access !== 'anyone' && (spec.access as readonly string[]).includes(role))
    .map(([name, spec]) => ({
      name,
      method: spec.method,
      path: spec.path.replace(/:(\w+)/g, (_m, param: string) =>
        /id$/i.test(param) ? '00000000-0000-4000-8000-000000000000' : 'x',
      ),
    }));
}

describe('a manager without a second factor', () => {
  it('signs in to a session that must enrol, refused (403, the enrol message) at every endpoint but enrol, me and sign-out', async () => {
    const manager = await registerStaff(t, 'manager', 'Mina', { secondFactor: false });
    const answer = await signIn(manager.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ secondFactor: 'enrol', message: SECOND_FACTOR_ENROL_REQUIRED });
    const token = answer.body.sessionId as string;

    const walked = endpointsFor('manager');
    expect(walked.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    // Sign-out is open to it too, and would end the session: tried last, below.
    for (const endpoint of walked.filter((e) => e.name !== 'signOut')) {
      const result = await t.request(endpoint.method, endpoint.path, {
        token,
        ...(endpoint.method === 'GET' ? {} : { body: {} }),
      });
      const open = (ENROL_ENDPOINTS as readonly string[]).includes(endpoint.name);
      const refused = result.status === 403 && result.body?.message === SECOND_FACTOR_ENROL_REQUIRED;
      if (open === refused)
        wrong.push(`${endpoint.name} ${endpoint.method} ${endpoint.path}: ${result.status} ${JSON.stringify(result.body)}`);
    }
    expect(wrong).toEqual([]);
    // The one it may do: enrol, after which the same session works.
    await enrolTotp(t, token);
    expect((await t.request('GET', MANAGER_PAGE, { token })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(200);
  }, 120_000);

  it('the session that registered before the role was given must enrol too (the role alone decides)', async () => {
    const manager = await registerStaff(t, 'admin', 'Ada', { secondFactor: false });
    const refused = await t.request('GET', MANAGER_PAGE, { token: manager.sessionId });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: SECOND_FACTOR_ENROL_REQUIRED,
    });
  });
});

describe('TOTP', () => {
  it('enrols, then each sign-in owes a code: wrong and replayed codes are refused, the right one opens the session', async () => {
    const manager = await registerStaff(t, 'manager', 'Tomas', { secondFactor: false });
    const started = await t.request('POST', '/api/auth/2fa/totp', { token: manager.sessionId });
    expect(started.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Nocturne:/);
    const secret = started.body.secret as string;
    const wrongConfirm = await t.request('POST', '/api/auth/2fa/totp/confirm', {
      token: manager.sessionId,
      body: { code: '000000' === (await totpCode(secret)) ? '111111' : '000000' },
    });
    expect({ status: wrongConfirm.status, message: wrongConfirm.body.message }).toEqual({
      status: 400,
      message: SECOND_FACTOR_WRONG_CODE,
    });
    const confirmCode = await totpCode(secret);
    const confirmed = await t.request('POST', '/api/auth/2fa/totp/confirm', {
      token: manager.sessionId,
      body: { code: confirmCode },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    // The secret is never shown again.
    const status = await t.request('GET', '/api/auth/2fa', { token: manager.sessionId });
    expect(status.body).toMatchObject({ state: 'satisfied', required: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(secret);

    const second = await signIn(manager.email);
    expect(second.body).toMatchObject({ secondFactor: 'pending', message: SECOND_FACTOR_REQUIRED });
    const token = second.body.sessionId as string;
    const refused = await t.request('GET', MANAGER_PAGE, { token });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: SECOND_FACTOR_REQUIRED });
    // A pending session cannot enrol a new factor to get round the one it has.
    expect((await t.request('POST', '/api/auth/2fa/totp', { token })).status).toBe(403);
    // The code used to confirm is spent (same step): refused.
    expect((await verify(token, { code: confirmCode })).status).toBe(400);
    const wrong = await verify(token, { code: String((Number(await totpCode(secret, 1)) + 1) % 1e6).padStart(6, '0') });
    expect(wrong.status).toBe(400);
    // Next step's code is inside the ±1 window and later than the last used step.
    const next = await totpCode(secret, 1);
    expect((await verify(token, { code: next })).status).toBe(200);
    expect((await t.request('GET', MANAGER_PAGE, { token })).status).toBe(200);
    // Replay of that same code on another sign-in is refused.
    const third = await signIn(manager.email);
    const replay = await verify(third.body.sessionId, { code: next });
    expect({ status: replay.status, message: replay.body.message }).toEqual({ status: 400, message: SECOND_FACTOR_WRONG_CODE });
  });

  it('keeps the secret sealed at rest: the row holds neither it nor its bytes, and a row from before sealing still works and is sealed at its first use', async () => {
    const manager = await registerStaff(t, 'manager', 'Sela');
    const stored = async () =>
      (
        await t.sql.query<{ totp_secret: string }>(
          "select f.totp_secret from second_factors f join members m on m.id = f.member_id where m.email = $1 and f.kind = 'totp'",
          [manager.email],
        )
      ).rows[0]!.totp_secret;
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(manager.totpSecret!);
    expect(Buffer.from(sealed.split('.')[2]!, 'base64url').toString('latin1')).not.toContain(manager.totpSecret!);
    // Sealed, it still verifies.
    const first = await signIn(manager.email);
    expect((await verify(first.body.sessionId, { code: await totpCode(manager.totpSecret!, 1) })).status).toBe(200);

    // A row written before this release (the bare base32 secret) keeps working, and is sealed then.
    await t.sql.query(
      "update second_factors set totp_secret = $2, last_step = null where kind = 'totp' and member_id = (select id from members where email = $1)",
      [manager.email, manager.totpSecret],
    );
    const second = await signIn(manager.email);
    expect((await verify(second.body.sessionId, { code: await totpCode(manager.totpSecret!) })).status).toBe(200);
    expect(await stored()).toMatch(/^v1\./);

    // Sealed under another key (a dump opened elsewhere, or a key changed since): it verifies nothing.
    const otherKey = new TotpSecretBox({ ...t.config, SECOND_FACTOR_KEY: 'another-key-another-key-another-key!' });
    expect(() => otherKey.open(sealed)).toThrow(UnreadableTotpSecret);
    await t.sql.query(
      "update second_factors set totp_secret = $2, last_step = null where kind = 'totp' and member_id = (select id from members where email = $1)",
      [manager.email, otherKey.seal(manager.totpSecret!)],
    );
    const third = await signIn(manager.email);
    const refused = await verify(third.body.sessionId, { code: await totpCode(manager.totpSecret!) });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message: SECOND_FACTOR_WRONG_CODE });
  });

  it('a recovery code works once', async () => {
    const manager = await registerStaff(t, 'manager', 'Rae');
    const code = manager.recoveryCodes[0]!;
    const first = await signIn(manager.email);
    expect((await verify(first.body.sessionId, { recoveryCode: code.toUpperCase() })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/2fa', { token: first.body.sessionId })).body.recoveryCodesLeft).toBe(9);
    const again = await signIn(manager.email);
    expect((await verify(again.body.sessionId, { recoveryCode: code })).status).toBe(400);
    expect((await t.request('GET', MANAGER_PAGE, { token: again.body.sessionId })).status).toBe(403);
  });

  it('limits guesses: past 10 in 15 minutes, 429 even for the right code', async () => {
    const manager = await registerStaff(t, 'manager', 'Gus');
    const session = (await signIn(manager.email)).body.sessionId as string;
    // Enrolment's confirm counted one; nine wrong guesses reach the limit.
    for (let i = 0; i < 9; i += 1) expect((await verify(session, { code: '000001' })).status).toBe(400);
    expect((await verify(session, { code: await totpCode(manager.totpSecret!, 1) })).status).toBe(429);
  });
});

describe('remembering a device', () => {
  it('skips the second step for 12 hours at most, on that device and for that account only', async () => {
    const manager = await registerStaff(t, 'manager', 'Remy');
    const other = await registerStaff(t, 'manager', 'Otto');
    const session = (await signIn(manager.email)).body.sessionId as string;
    const answer = await verify(session, { code: await totpCode(manager.totpSecret!, 1), rememberDevice: true });
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^nocturne_2fa_device=[\w-]+; Path=\/api\/auth; Max-Age=43200; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    const stored = await t.sql.query(
      `select extract(epoch from expires_at - now()) as seconds from remembered_devices where member_id = $1`,
      [manager.user.id],
    );
    expect(Number(stored.rows[0].seconds)).toBeLessThanOrEqual(12 * 3600);

    const remembered = await signIn(manager.email, cookie);
    expect(remembered.body.secondFactor).toBe('satisfied');
    expect((await t.request('GET', MANAGER_PAGE, { token: remembered.body.sessionId })).status).toBe(200);
    // Another account on the same device still owes its factor.
    expect((await signIn(other.email, cookie)).body.secondFactor).toBe('pending');
    // Past its 12 hours the cookie counts for nothing.
    await t.sql.query(`update remembered_devices set expires_at = now() - interval '1 second' where member_id = $1`, [
      manager.user.id,
    ]);
    expect((await signIn(manager.email, cookie)).body.secondFactor).toBe('pending');
  });
});

describe('passkeys', () => {
  const appUrl = () => new URL(t.config.APP_URL);

  it('registers through the ceremony and then gives the second factor at sign-in; a wrong origin or a replayed challenge is refused', async () => {
    const manager = await registerStaff(t, 'manager', 'Pia', { secondFactor: false });
    const authenticator = new SoftwareAuthenticator(appUrl().hostname, appUrl().origin);
    const options = await t.request('POST', '/api/auth/2fa/passkeys/registration-options', { token: manager.sessionId });
    expect(options.status).toBe(200);
    expect(options.body.options.rp.id).toBe(appUrl().hostname);
    const forged = await t.request('POST', '/api/auth/2fa/passkeys', {
      token: manager.sessionId,
      body: { response: authenticator.register(options.body.options, 'https://evil.example') },
    });
    expect({ status: forged.status, message: forged.body.message }).toEqual({ status: 400, message: PASSKEY_FAILED });
    // The challenge went with that attempt: a fresh ceremony.
    const options2 = await t.request('POST', '/api/auth/2fa/passkeys/registration-options', { token: manager.sessionId });
    const registered = await t.request('POST', '/api/auth/2fa/passkeys', {
      token: manager.sessionId,
      body: { response: authenticator.register(options2.body.options), label: 'Laptop' },
    });
    expect(registered.status).toBe(200);
    expect(registered.body.recoveryCodes).toHaveLength(10);
    expect((await t.request('GET', MANAGER_PAGE, { token: manager.sessionId })).status).toBe(200);

    const later = await signIn(manager.email);
    expect(later.body.secondFactor).toBe('pending');
    const token = later.body.sessionId as string;
    const request = await t.request('POST', '/api/auth/2fa/passkeys/authentication-options', { token });
    expect(request.body.options.allowCredentials).toHaveLength(1);
    const assertion = authenticator.authenticate(request.body.options);
    expect((await t.request('POST', '/api/auth/2fa/passkeys/verify', { token, body: { response: assertion } })).status).toBe(200);
    expect((await t.request('GET', MANAGER_PAGE, { token })).status).toBe(200);
    // The same assertion again (its challenge is spent) is refused.
    const next = (await signIn(manager.email)).body.sessionId as string;
    await t.request('POST', '/api/auth/2fa/passkeys/authentication-options', { token: next });
    const replay = await t.request('POST', '/api/auth/2fa/passkeys/verify', { token: next, body: { response: assertion } });
    expect(replay.status).toBe(400);
  });
});

describe('passkey authentication options for an account without a passkey', () => {
  it('answers 400 in words, an answer its OpenAPI entry lists', async () => {
    const manager = await registerStaff(t, 'manager', 'Noa');
    const answer = await t.request('POST', '/api/auth/2fa/passkeys/authentication-options', { token: manager.sessionId });
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message: PASSKEY_FAILED });
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/auth/2fa/passkeys/authentication-options'].post.responses)).toContain('400');
    const documented = new DocumentedAnswers(doc);
    expect(
      documented.problem(
        'post',
        '/api/auth/2fa/passkeys/authentication-options',
        answer.status,
        answer.body,
        answer.headers.get('content-type'),
      ),
    ).toBeNull();
  });
});

describe('managing factors', () => {
  it('staff cannot remove the last factor their role needs; an admin reset ends their sessions and they enrol again', async () => {
    const manager = await registerStaff(t, 'manager', 'Lou');
    const status = await t.request('GET', '/api/auth/2fa', { token: manager.sessionId });
    const [factor] = status.body.factors as { id: string }[];
    const removal = await t.request('DELETE', `/api/auth/2fa/factors/${factor!.id}`, { token: manager.sessionId });
    expect({ status: removal.status, message: removal.body.message }).toEqual({ status: 409, message: SECOND_FACTOR_LAST_ONE });

    // Only an admin may reset.
    const other = await registerStaff(t, 'manager', 'Nell');
    expect((await t.request('DELETE', `/api/admin/staff/${manager.user.id}/2fa`, { token: other.sessionId })).status).toBe(403);
    const reset = await t.request('DELETE', `/api/admin/staff/${manager.user.id}/2fa`, { token: admin.sessionId });
    expect(reset.status).toBe(200);
    expect((await me(manager.sessionId)).status).toBe(401);
    const again = await signIn(manager.email);
    expect(again.body.secondFactor).toBe('enrol');
  });

  it('door accounts need none, may enrol one, and then owe it too', async () => {
    const door = await registerStaff(t, 'door', 'Dot');
    expect((await signIn(door.email)).body.secondFactor).toBe('none');
    expect((await t.request('GET', '/api/door/tonight', { token: door.sessionId })).status).not.toBe(403);
    const { secret } = await enrolTotp(t, door.sessionId);
    const later = await signIn(door.email);
    expect(later.body.secondFactor).toBe('pending');
    expect((await verify(later.body.sessionId, { code: await totpCode(secret, 1) })).status).toBe(200);
    // A door account may remove its only factor: it needs none.
    const [factor] = (await t.request('GET', '/api/auth/2fa', { token: later.body.sessionId })).body.factors as { id: string }[];
    expect((await t.request('DELETE', `/api/auth/2fa/factors/${factor!.id}`, { token: later.body.sessionId })).status).toBe(200);
    expect((await signIn(door.email)).body.secondFactor).toBe('none');
  });

  it('members are untouched', async () => {
    const { registerMember } = await import('@nocturne/testing');
    const member = await registerMember(t);
    expect((await signIn(member.email)).body.secondFactor).toBe('none');
    expect(VERIFY_ENDPOINTS).toContain('getMe');
  });
});
