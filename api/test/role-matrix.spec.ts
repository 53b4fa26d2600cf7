import { ADMINS, ANYONE, DOOR_STAFF, endpoints, type EndpointSpec, MANAGERS, SIGNED_IN } from '@nocturne/contracts';
import { ROLES, type Role, roleRefusal } from '@nocturne/domain';
import { registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { createHash, randomBytes } from 'node:crypto';
import { VenueDirectory } from '../src/modules/venues/venues.public.js';

let t: TestApp;
const accounts = {} as Record<Role, string>;

beforeAll(async () => {
  t = await startTestApp();
  accounts.member = (await registerMember(t)).user.id;
  for (const role of ['door', 'manager', 'admin'] as const) accounts[role] = (await registerStaff(t, role)).user.id;
});
afterAll(async () => {
  await t.close();
});

/** A new session of the account: a call that signs out (or changes a password) ends no other call's session. */
async function sessionOf(role: Role): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.sql.query(`insert into sessions (member_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`, [
    accounts[role],
    createHash('sha256').update(token).digest('hex'),
  ]);
  return token;
}

/** A concrete URL: every parameter names nothing that exists (ids a well-formed UUID, files a missing name). */
function concrete(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'file' ? 'missing.png' : '00000000-0000-4000-8000-000000000000'));
}

async function call(spec: EndpointSpec, token?: string) {
  return t.request(spec.method, concrete(spec.path), { token, body: spec.method === 'GET' ? undefined : {} });
}

const list = Object.entries(endpoints) as [string, EndpointSpec][];

describe('who may call each endpoint', () => {
  it('declares for every endpoint one of the named access levels', () => {
    const levels = [ANYONE, SIGNED_IN, DOOR_STAFF, MANAGERS, ADMINS];
    for (const [name, spec] of list) expect({ name, declared: levels.includes(spec.access) }).toEqual({ name, declared: true });
  });

  // Every endpoint, called with a session of each role and with none: the guard lets exactly the
  // declared roles through (any other answer, 400 or 404 included, means the handler ran), refuses
  // the rest with 403 naming who may, and asks for a session where one is needed.
  it.each(list)('%s lets exactly its declared roles through', async (_name, spec) => {
    const passed: Role[] = [];
    for (const role of ROLES) {
      const answer = await call(spec, await sessionOf(role));
      expect(answer.status).not.toBe(401);
      const refused = answer.status === 403 && spec.access !== ANYONE && answer.body?.message === roleRefusal(spec.access);
      if (!refused) passed.push(role);
    }
    expect(passed).toEqual(spec.access === ANYONE ? [...ROLES] : [...spec.access]);
    const anonymous = await call(spec);
    if (spec.access === ANYONE) expect(anonymous.status).not.toBe(401);
    else
      expect({ status: anonymous.status, message: anonymous.body?.message }).toEqual({ status: 401, message: 'Please sign in' });
  });

  it("lets managers and admins set a night's places, and anyone read availability or use a signed cancel link", async () => {
    expect(endpoints.setBookingCapacity.access).toBe(MANAGERS);
    expect(endpoints.listBookingCapacities.access).toBe(MANAGERS);
    for (const spec of [endpoints.getBookingAvailability, endpoints.getBookingCancellation, endpoints.cancelBooking]) {
      expect(spec.access).toBe(ANYONE);
    }
    const door = await call(endpoints.setBookingCapacity, await sessionOf('door'));
    expect(door.status).toBe(403);
    expect(door.body.message).toBe('This needs a manager or admin account.');
    expect((await call(endpoints.getBookingAvailability)).status).toBe(200);
  });

  it("lets anyone, signed in or not, take an event night's Wallet pass (the event page's links)", async () => {
    for (const spec of [endpoints.getEventApplePass, endpoints.getEventGoogleWalletLink]) {
      expect(spec.access).toBe(ANYONE);
      // No such event here (and no wallet configured): 404 in words, never a sign-in.
      const anonymous = await call(spec);
      expect(anonymous.status).toBe(404);
      expect(anonymous.body.message).toMatch(/not enabled on this server/);
    }
  });

  it('tells a door account what it needs, in words', async () => {
    const answer = await call(endpoints.listMembers, await sessionOf('door'));
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('This needs a manager or admin account.');
    const webhooks = await call(endpoints.listWebhooks, await sessionOf('manager'));
    expect(webhooks.body.message).toBe('This needs an admin account.');
  });
});

// Venue scope: a door or manager account granted one venue (staff_venues) works there only. Every
// door and manager endpoint lets it through as its role allows; those about what happens at a
// venue (door checks, redemptions, tonight's tally, the scan log, undo) refuse another venue in
// words, and the group's exports stay an admin's.
describe('venue scope', () => {
  let velvet: number;
  const scoped = {} as Record<'door' | 'manager', string>;
  const WORDS = 'This account works at The Velvet Room only';

  beforeAll(async () => {
    const { rows } = await t.sql.query<{ id: number }>(
      `insert into venues (slug, name) values ('velvet-room', 'The Velvet Room') returning id`,
    );
    velvet = rows[0]!.id;
    t.app.get(VenueDirectory).forget();
    for (const role of ['door', 'manager'] as const) {
      scoped[role] = (await registerStaff(t, role, 'Vic')).user.id;
      await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [scoped[role], velvet]);
    }
  });

  async function scopedSession(role: 'door' | 'manager'): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await t.sql.query(`insert into sessions (member_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`, [
      scoped[role],
      createHash('sha256').update(token).digest('hex'),
    ]);
    return token;
  }

  const staffEndpoints = list.filter(([, spec]) => spec.access === DOOR_STAFF || spec.access === MANAGERS);

  it.each(staffEndpoints)('%s lets a one-venue account through as its role allows', async (_name, spec) => {
    for (const role of ['door', 'manager'] as const) {
      if (!(spec.access as readonly Role[]).includes(role)) continue;
      const answer = await call(spec, await scopedSession(role));
      expect({ role, status: answer.status, message: answer.body?.message }).not.toEqual({
        role,
        status: 403,
        message: roleRefusal(spec.access as readonly Role[]),
      });
    }
  });

  const card = async () => {
    const member = await registerMember(t);
    return (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body.qrPayload as string;
  };

  it.each(['door', 'manager'] as const)(
    'a %s account of one venue checks, redeems and reads there, not at another',
    async (role) => {
      const token = await scopedSession(role);
      const text = await card();
      const at = (venueId?: number) => ({ text, method: 'scan', ...(venueId ? { venueId } : {}) });
      expect((await t.request('POST', '/api/door/check', { token, body: at() })).status).toBe(200);
      expect((await t.request('POST', '/api/door/check', { token, body: at(velvet) })).status).toBe(200);
      const elsewhere = [
        await t.request('POST', '/api/door/check', { token, body: at(1) }),
        await t.request('POST', '/api/door/redeem', { token, body: at(1) }),
        await t.request('GET', '/api/door/tonight?venueId=1', { token }),
        await t.request('GET', '/api/admin/scans?venueId=1', { token }),
      ];
      expect(elsewhere.map((answer) => [answer.status, answer.body?.message])).toEqual(Array(4).fill([403, WORDS]));
      const own = [
        await t.request('GET', `/api/door/tonight?venueId=${velvet}`, { token }),
        await t.request('GET', `/api/admin/scans?venueId=${velvet}`, { token }),
        await t.request('GET', '/api/admin/scans', { token }),
      ];
      expect(own.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const venues = new Set((own[2]!.body.scans as { venueId: number }[]).map((scan) => scan.venueId));
      expect(venues).toEqual(new Set([velvet]));
    },
  );

  it("shows a manager of one venue that venue's overview and inbox counts, and refuses another venue's in words", async () => {
    const token = await scopedSession('manager');
    const own = await t.request('GET', '/api/admin/overview', { token });
    expect({ status: own.status, venue: own.body.venue }).toEqual({
      status: 200,
      venue: { id: velvet, name: 'The Velvet Room' },
    });
    expect((await t.request('GET', `/api/admin/inbox/counts?venue=${velvet}`, { token })).status).toBe(200);
    const elsewhere = [
      await t.request('GET', '/api/admin/overview?venue=1', { token }),
      await t.request('GET', '/api/admin/inbox/counts?venue=1', { token }),
    ];
    expect(elsewhere.map((answer) => [answer.status, answer.body?.message])).toEqual(Array(2).fill([403, WORDS]));
  });

  it("keeps another venue's guest list from a one-venue account: seeing, adding to, closing it, its door search and rule", async () => {
    const { rows } = await t.sql.query<{ id: string; night: string }>(
      `insert into events (venue_id, slug, title, night, doors_open, last_entry, status, list_capacity)
       values (1, 'first-venue-night', 'First Venue Night', current_date, '22:00', '03:00', 'published', 50)
       returning id, to_char(night, 'YYYY-MM-DD') as night`,
    );
    const list = `/api/admin/events/${rows[0]!.id}/nights/${rows[0]!.night}/guest-list`;
    const manager = await scopedSession('manager');
    const door = await scopedSession('door');
    const refused = [
      await t.request('GET', list, { token: manager }),
      await t.request('POST', list, { token: manager, body: { name: 'Quinn Outsider', email: 'quinn@example.com' } }),
      await t.request('POST', `${list}/close`, { token: manager }),
      await t.request('GET', '/api/door/guest-list?q=quinn&venueId=1', { token: door }),
      await t.request('GET', '/api/admin/guest-list-rule?venueId=1', { token: manager }),
      await t.request('PUT', '/api/admin/guest-list-rule', { token: manager, body: { rule: null, venueId: 1 } }),
      await t.request('GET', '/api/admin/guest-lists/tonight?venueId=1', { token: manager }),
    ];
    expect(refused.map((answer) => [answer.status, answer.body?.message])).toEqual(Array(7).fill([403, WORDS]));
    const entries = await t.sql.query(`select count(*)::int as n from guest_list_entries where event_id = $1`, [rows[0]!.id]);
    expect(entries.rows[0].n).toBe(0);
    // A group manager (no venues granted) reaches it.
    expect((await t.request('GET', list, { token: await sessionOf('manager') })).status).toBe(200);
  });

  it('keeps the group’s exports (members CSV, audit log) for admins: a manager of one venue is refused in words', async () => {
    const token = await scopedSession('manager');
    for (const spec of [endpoints.exportMembers, endpoints.exportAuditLog]) {
      const answer = await call(spec, token);
      expect({ status: answer.status, message: answer.body?.message }).toEqual({
        status: 403,
        message: 'This needs an admin account.',
      });
    }
  });

  it('lets a group account (no venues granted) work at either venue', async () => {
    const token = await sessionOf('door');
    const text = await card();
    expect((await t.request('POST', '/api/door/check', { token, body: { text, method: 'scan', venueId: velvet } })).status).toBe(
      200,
    );
    expect((await t.request('POST', '/api/door/check', { token, body: { text, method: 'scan', venueId: 1 } })).status).toBe(200);
  });
});
