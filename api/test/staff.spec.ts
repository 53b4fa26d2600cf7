import {
  GOOD_PASSWORD,
  randomIp,
  registerAdmin,
  registerMember,
  registerStaff,
  startTestApp,
  type TestApp,
  totpCode,
  uniqueEmail,
} from '@nocturne/testing';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const LAST_ADMIN = 'This is the last admin account: it can be neither demoted nor removed. Make another admin first.';

function signIn(email: string, password = GOOD_PASSWORD) {
  return t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': randomIp() } });
}

const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const setRole = (id: string, role: string, token = admin.sessionId) =>
  t.request('PUT', `/api/admin/staff/${id}/role`, { token, body: { role } });

// First, while the file's one admin is the only one: the venue always keeps an enabled admin.
describe('the last admin', () => {
  it('can be neither demoted nor removed, by themselves or anyone, and keeps working', async () => {
    for (const role of ['manager', 'door', 'member']) {
      const answer = await setRole(admin.user.id, role);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 409, message: LAST_ADMIN });
    }
    const removal = await t.request('DELETE', `/api/admin/staff/${admin.user.id}`, { token: admin.sessionId });
    expect({ status: removal.status, message: removal.body.message }).toEqual({ status: 409, message: LAST_ADMIN });
    expect((await me(admin.sessionId)).body.role).toBe('admin');
  });

  it('counts a disabled admin as no admin: the enabled one still cannot go', async () => {
    const disabled = await registerStaff(t, 'admin', 'Dana');
    await t.sql.query('update members set disabled_at = now() where id = $1', [disabled.user.id]);
    const answer = await setRole(admin.user.id, 'manager');
    expect(answer.status).toBe(409);
    // The disabled one may be demoted: the enabled admin stays.
    expect((await setRole(disabled.user.id, 'member')).status).toBe(200);
  });
});

describe('GET /api/admin/staff', () => {
  it('lists door, manager and admin accounts with role, e-mail, name and last sign-in; never members', async () => {
    const door = await registerStaff(t, 'door', 'Sam');
    const manager = await registerStaff(t, 'manager', 'Max');
    const member = await registerMember(t);
    const answer = await t.request('GET', '/api/admin/staff', { token: admin.sessionId });
    expect(answer.status).toBe(200);
    const ids = answer.body.staff.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, manager.user.id, door.user.id]));
    expect(ids).not.toContain(member.user.id);
    // Admins first, then managers, then door staff.
    expect(ids.indexOf(admin.user.id)).toBeLessThan(ids.indexOf(manager.user.id));
    expect(ids.indexOf(manager.user.id)).toBeLessThan(ids.indexOf(door.user.id));
    const sam = answer.body.staff.find((s: { id: string }) => s.id === door.user.id);
    expect(sam).toEqual({
      id: door.user.id,
      email: door.email,
      firstName: 'Sam',
      lastName: 'Reyes',
      role: 'door',
      lastSignInAt: expect.any(String),
      disabledAt: null,
      invited: false,
      hasSecondFactor: false,
    });
    // Managers enrol a second factor (registerStaff gives them one): theirs is there to reset.
    expect(answer.body.staff.find((s: { id: string }) => s.id === manager.user.id)).toMatchObject({
      invited: false,
      hasSecondFactor: true,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/scrypt|password/i);
  });

  it('tells an invitation not yet taken up from an account made otherwise that never signed in', async () => {
    const invited = await t.request('POST', '/api/admin/staff/invitations', {
      token: admin.sessionId,
      body: { email: uniqueEmail('invited-list'), firstName: 'Ira', role: 'manager' },
    });
    expect(invited.body.staff).toMatchObject({ invited: true, hasSecondFactor: false, lastSignInAt: null });
    // As the demo content and admin:create make an account: no invitation, no sign-in yet.
    const made = await t.sql.query(
      `insert into members (email, first_name, role, password_hash) values ($1, 'Morgan', 'manager', 'x') returning id`,
      [uniqueEmail('seeded')],
    );
    const staff = (await t.request('GET', '/api/admin/staff', { token: admin.sessionId })).body.staff;
    expect(staff.find((s: { id: string }) => s.id === invited.body.staff.id)).toMatchObject({
      invited: true,
      lastSignInAt: null,
    });
    expect(staff.find((s: { id: string }) => s.id === made.rows[0].id)).toMatchObject({
      invited: false,
      hasSecondFactor: false,
      lastSignInAt: null,
    });
  });
});

describe('POST /api/admin/staff/invitations', () => {
  it('creates the account with the role, lists it as never signed in, and queues the invitation e-mail', async () => {
    const email = uniqueEmail('invited');
    const answer = await t.request('POST', '/api/admin/staff/invitations', {
      token: admin.sessionId,
      body: { email: email.toUpperCase(), firstName: ' Jo ', role: 'door' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      promoted: false,
      staff: { email, firstName: 'Jo', role: 'door', lastSignInAt: null },
      message: `Jo is invited as door staff: a link to set a password is on its way to ${email}.`,
    });
    const { rows } = await t.sql.query(`select type, payload from outbox where aggregate_id = $1`, [answer.body.staff.id]);
    expect(rows).toEqual([
      {
        type: 'StaffInvited',
        payload: { memberId: answer.body.staff.id, requestId: expect.any(String), role: 'door', adminId: admin.user.id },
      },
    ]);
    const audit = await t.sql.query(`select actor_id, action, before, after from audit_log where target_id = $1`, [
      answer.body.staff.id,
    ]);
    expect(audit.rows).toEqual([
      { actor_id: admin.user.id, action: 'staff.invite', before: { role: null }, after: { role: 'door' } },
    ]);
    // Not a sign-up: no welcome bonus.
    const points = await t.sql.query('select current_points from members where id = $1', [answer.body.staff.id]);
    expect(points.rows[0].current_points).toBe(0);
    // Nobody knows the password until the link sets one.
    expect((await signIn(email, 'anything-at-all-1')).status).toBe(401);
  });

  it('promotes a member: their sessions end and their old password stops working; points stay', async () => {
    const member = await registerMember(t, { firstName: 'Robin' });
    const answer = await t.request('POST', '/api/admin/staff/invitations', {
      token: admin.sessionId,
      body: { email: member.email, firstName: 'Someone Else', role: 'manager' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ promoted: true, staff: { firstName: 'Robin', role: 'manager' } });
    expect((await me(member.sessionId)).status).toBe(401);
    expect((await signIn(member.email)).status).toBe(401);
    const points = await t.sql.query('select current_points from members where id = $1', [member.user.id]);
    expect(points.rows[0].current_points).toBe(20);
  });

  it('refuses staff already on the staff and disabled accounts, in words (409)', async () => {
    const door = await registerStaff(t, 'door');
    const again = await t.request('POST', '/api/admin/staff/invitations', {
      token: admin.sessionId,
      body: { email: door.email, firstName: 'Alex', role: 'manager' },
    });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: `${door.email} is already door staff: change the role in the list instead.`,
    });
    const member = await registerMember(t);
    await t.sql.query('update members set disabled_at = now() where id = $1', [member.user.id]);
    const disabled = await t.request('POST', '/api/admin/staff/invitations', {
      token: admin.sessionId,
      body: { email: member.email, firstName: 'Alex', role: 'door' },
    });
    expect(disabled.status).toBe(409);
    expect(disabled.body.message).toMatch(/disabled/);
  });

  it('names the fields at fault', async () => {
    const answer = await t.request('POST', '/api/admin/staff/invitations', {
      token: admin.sessionId,
      body: { email: 'not-an-address', firstName: '', role: 'member' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['email', 'firstName', 'role']);
  });
});

describe('changing a role', () => {
  it("ends the person's sessions at once; the next sign-in carries the new role", async () => {
    const manager = await registerStaff(t, 'manager', 'Kim');
    expect((await t.request('GET', '/api/admin/users', { token: manager.sessionId })).status).toBe(200);
    const answer = await setRole(manager.user.id, 'door');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Kim is now door staff and was signed out everywhere.');
    expect((await t.request('GET', '/api/admin/users', { token: manager.sessionId })).status).toBe(401);
    const again = await signIn(manager.email);
    expect(again.body.user.role).toBe('door');
    // The authenticator app enrolled as a manager stays: a door account with a factor owes it.
    expect(again.body.secondFactor).toBe('pending');
    const code = await totpCode(manager.totpSecret!, 1);
    expect((await t.request('POST', '/api/auth/2fa/verify', { token: again.body.sessionId, body: { code } })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/users', { token: again.body.sessionId })).status).toBe(403);
    expect((await t.request('GET', '/api/door/tonight', { token: again.body.sessionId })).status).toBe(200);
    const { rows } = await t.sql.query(`select payload from outbox where type = 'StaffRoleChanged' and aggregate_id = $1`, [
      manager.user.id,
    ]);
    expect(rows).toEqual([{ payload: { memberId: manager.user.id, adminId: admin.user.id, from: 'manager', to: 'door' } }]);
    // Exactly one audit row, in the change's transaction (the new sign-in leaves its own).
    const audit = await t.sql.query(
      `select actor_id, actor_role, action, target_type, target_id, before, after, request_id is not null as has_request
       from audit_log where target_id = $1 and action <> 'staff.sign_in'`,
      [manager.user.id],
    );
    expect(audit.rows).toEqual([
      {
        actor_id: admin.user.id,
        actor_role: 'admin',
        action: 'staff.role_change',
        target_type: 'member',
        target_id: manager.user.id,
        before: { role: 'manager' },
        after: { role: 'door' },
        has_request: true,
      },
    ]);
  });

  it('removing takes the account off the staff: signed out, a member when it signs in again', async () => {
    const door = await registerStaff(t, 'door', 'Lee');
    const answer = await t.request('DELETE', `/api/admin/staff/${door.user.id}`, { token: admin.sessionId });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Lee is no longer staff (a member again) and was signed out everywhere.');
    expect((await me(door.sessionId)).status).toBe(401);
    expect((await signIn(door.email)).body.user.role).toBe('member');
    const list = await t.request('GET', '/api/admin/staff', { token: admin.sessionId });
    expect(list.body.staff.map((s: { id: string }) => s.id)).not.toContain(door.user.id);
  });

  it('is for staff accounts only: a member or an unknown id is 404', async () => {
    const member = await registerMember(t);
    expect((await setRole(member.user.id, 'admin')).status).toBe(404);
    expect((await setRole('00000000-0000-4000-8000-000000000000', 'door')).status).toBe(404);
  });

  it('lets an admin step down while another admin stays', async () => {
    const other = await registerStaff(t, 'admin', 'Ari');
    const answer = await setRole(other.user.id, 'manager', other.sessionId);
    expect(answer.status).toBe(200);
    expect((await me(other.sessionId)).status).toBe(401);
  });

  it('of two admins demoting each other at once, lets only one through', async () => {
    const a = await registerStaff(t, 'admin', 'Ada');
    const b = await registerStaff(t, 'admin', 'Bea');
    // The file's admin steps aside first (it is not the last: a and b are admins).
    await t.sql.query(`update members set role = 'manager' where id = $1`, [admin.user.id]);
    const answers = await Promise.all([setRole(b.user.id, 'member', a.sessionId), setRole(a.user.id, 'member', b.sessionId)]);
    const statuses = answers.map((answer) => answer.status).sort();
    // One went through; the other was signed out (401), found itself no admin any more (403), or met the last admin (409).
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const { rows } = await t.sql.query(`select count(*)::int as n from members where role = 'admin' and disabled_at is null`);
    expect(rows[0].n).toBe(1);
    await t.sql.query(`update members set role = 'admin' where id = $1`, [admin.user.id]);
  });
});

// PRODUCT.md §6: each staff role's reach (the role matrix checks every endpoint).
describe('what door staff and managers are refused', () => {
  it('door: 403 on members, news, coupons admin and webhooks; manager: 403 on staff and webhooks', async () => {
    const door = await registerStaff(t, 'door');
    const manager = await registerStaff(t, 'manager');
    const doorRefused = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/news'],
      ['GET', '/api/admin/comments'],
      ['GET', '/api/admin/coupons'],
      ['GET', '/api/admin/webhooks'],
      ['GET', '/api/admin/staff'],
    ];
    for (const [method, path] of doorRefused) {
      const answer = await t.request(method!, path!, { token: door.sessionId, body: method === 'GET' ? undefined : {} });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
    for (const [method, path] of [
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/staff/invitations'],
      ['GET', '/api/admin/webhooks'],
    ]) {
      const answer = await t.request(method!, path!, { token: manager.sessionId, body: method === 'GET' ? undefined : {} });
      expect({ path, status: answer.status, message: answer.body.message }).toEqual({
        path,
        status: 403,
        message: 'This needs an admin account.',
      });
    }
  });
});
