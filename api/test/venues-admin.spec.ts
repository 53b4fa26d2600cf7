import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const create = (body: unknown, token = admin.sessionId) => t.request('POST', '/api/admin/venues', { token, body });
const velvet = {
  slug: 'the-velvet-room',
  name: 'The Velvet Room',
  kind: 'BarOrPub',
  address: { street: '12 Old Compton St', locality: 'London', region: '', postalCode: 'W1D 4TQ', country: 'United Kingdom' },
  phone: '+44 20 7000 1234',
  inboxEmail: 'velvet@example.com',
  timeZone: 'Europe/London',
  openingHours: { opensAtHour: [18, 18, 18, 18, 18, 19, 19], closesAtHour: 2 },
  location: { latitude: 51.5136, longitude: -0.1318 },
};

describe('/api/admin/venues', () => {
  it("lists the install's one venue with the install's settings where it has none of its own", async () => {
    const answer = await t.request('GET', '/api/admin/venues', { token: admin.sessionId });
    expect(answer.status).toBe(200);
    expect(answer.body.venues).toEqual([
      expect.objectContaining({
        id: 1,
        slug: 'nocturne',
        name: 'Nocturne',
        timeZone: null,
        inboxEmail: null,
        openingHours: null,
        archivedAt: null,
        effective: expect.objectContaining({ timeZone: 'Australia/Sydney', openingHours: expect.any(Object) }),
      }),
    ]);
  });

  it('names every bad field in words', async () => {
    const answer = await create({
      slug: 'The Velvet Room',
      name: '',
      kind: 'Disco',
      timeZone: 'Mars/Olympus',
      openingHours: { opensAtHour: [18, 18, 18], closesAtHour: 2 },
      location: { latitude: 91, longitude: -181 },
      inboxEmail: 'not an address',
    });
    expect(answer.status).toBe(400);
    const issues = Object.fromEntries(
      (answer.body.issues as { path: string; message: string }[]).map((issue) => [issue.path, issue.message]),
    );
    expect(issues).toEqual({
      slug: 'must be lower-case letters and digits, words joined by single hyphens (the-velvet-room)',
      name: 'must not be empty',
      kind: 'must be NightClub or BarOrPub',
      timeZone: 'must be an IANA time zone such as Australia/Sydney or Europe/London',
      'openingHours.opensAtHour': 'must give an opening hour for each of the 7 weekdays, Sunday first',
      'location.latitude': 'must be between -90 and 90',
      'location.longitude': 'must be between -180 and 180',
      inboxEmail: 'must be a valid email address',
    });
  });

  it('refuses opening hours that close before they open or after the night ends', async () => {
    const late = await create({
      ...velvet,
      slug: 'late',
      openingHours: { opensAtHour: [18, 18, 18, 18, 18, 18, 23], closesAtHour: 23 },
    });
    expect(late.body.issues).toEqual([
      { path: 'openingHours.opensAtHour.6', message: 'must be before the closing hour (Saturday)' },
    ]);
    const morning = await create({
      ...velvet,
      slug: 'morning',
      openingHours: { opensAtHour: [18, 18, 18, 18, 18, 18, 18], closesAtHour: 9 },
    });
    expect(morning.body.issues).toEqual([
      { path: 'openingHours.closesAtHour', message: 'must be before 06:00, when the club night ends' },
    ]);
    const last = await create({
      ...velvet,
      slug: 'last',
      openingHours: { opensAtHour: [18, 18, 18, 18, 18, 18, 18], closesAtHour: 1, lastBookingHour: 2 },
    });
    expect(last.body.issues).toEqual([{ path: 'openingHours.lastBookingHour', message: 'must be before the closing hour' }]);
  });

  it('is for admins only: managers may read the list, door and members may not', async () => {
    const manager = await registerStaff(t, 'manager');
    const door = await registerStaff(t, 'door');
    const member = await registerMember(t);
    expect((await create(velvet, manager.sessionId)).status).toBe(403);
    expect((await t.request('PATCH', '/api/admin/venues/1', { token: manager.sessionId, body: { name: 'X' } })).status).toBe(403);
    expect((await t.request('POST', '/api/admin/venues/1/archive', { token: manager.sessionId })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/venues', { token: manager.sessionId })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/venues', { token: door.sessionId })).status).toBe(403);
    expect((await create(velvet, member.sessionId)).status).toBe(403);
  });

  it('creates a venue, refuses its slug twice, edits it, and each change leaves an audit row', async () => {
    const created = await create(velvet);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'the-velvet-room',
      kind: 'BarOrPub',
      timeZone: 'Europe/London',
      openingHours: { opensAtHour: [18, 18, 18, 18, 18, 19, 19], closesAtHour: 2, lastBookingHour: 0 },
      effective: { inboxEmail: 'velvet@example.com', timeZone: 'Europe/London' },
      archivedAt: null,
    });
    const again = await create({ ...velvet, name: 'Another' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Another venue already uses the address /venues/the-velvet-room: choose another slug.');

    const id = created.body.id as number;
    const edited = await t.request('PATCH', `/api/admin/venues/${id}`, {
      token: admin.sessionId,
      body: { phone: '+44 20 7000 9999', timeZone: null, address: { locality: 'Soho' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      phone: '+44 20 7000 9999',
      timeZone: null,
      effective: { timeZone: 'Australia/Sydney' },
      address: { street: '12 Old Compton St', locality: 'Soho' },
    });
    const taken = await t.request('PATCH', `/api/admin/venues/${id}`, { token: admin.sessionId, body: { slug: 'nocturne' } });
    expect(taken.status).toBe(409);
    expect((await t.request('PATCH', '/api/admin/venues/999', { token: admin.sessionId, body: { name: 'X' } })).status).toBe(404);

    const { rows } = await t.sql.query<{ action: string; target_id: string; before: unknown; after: Record<string, unknown> }>(
      `select action, target_id, before, after from audit_log where actor_id = $1 and target_type = 'venue' order by at, id`,
      [admin.user.id],
    );
    expect(rows.map((row) => [row.action, row.target_id])).toEqual([
      ['venue.create', String(id)],
      ['venue.update', String(id)],
    ]);
    expect(rows[1]!.after).toEqual({
      phone: '+44 20 7000 9999',
      timeZone: null,
      address: expect.objectContaining({ locality: 'Soho' }),
    });
  });

  it('archives a venue without losing its history, keeps one venue open, and can open it again', async () => {
    const created = await create({ ...velvet, slug: 'the-lounge', name: 'The Lounge' });
    const id = created.body.id as number;
    await t.sql.query(
      `insert into contact_messages (name, email, message) values ('Kim', 'kim@example.com', 'Do you take groups?')`,
    );
    const before = await t.sql.query<{ n: number }>(`select count(*)::int as n from contact_messages`);

    const publicBefore = await t.request('GET', '/api/venues');
    expect(publicBefore.body.venues.map((venue: { slug: string }) => venue.slug)).toContain('the-lounge');

    const archived = await t.request('POST', `/api/admin/venues/${id}/archive`, { token: admin.sessionId });
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    expect((await t.request('POST', `/api/admin/venues/${id}/archive`, { token: admin.sessionId })).body.message).toBe(
      'The Lounge is already archived.',
    );
    // Still listed for staff (its history names it), gone from the public site, nothing deleted.
    const list = await t.request('GET', '/api/admin/venues', { token: admin.sessionId });
    expect(list.body.venues.find((venue: { id: number }) => venue.id === id)).toMatchObject({ slug: 'the-lounge' });
    const publicAfter = await t.request('GET', '/api/venues');
    expect(publicAfter.body.venues.map((venue: { slug: string }) => venue.slug)).not.toContain('the-lounge');
    expect((await t.sql.query<{ n: number }>(`select count(*)::int as n from contact_messages`)).rows[0]!.n).toBe(
      before.rows[0]!.n,
    );

    const reopened = await t.request('POST', `/api/admin/venues/${id}/unarchive`, { token: admin.sessionId });
    expect(reopened.status).toBe(200);
    expect(reopened.body.archivedAt).toBeNull();
    const actions = await t.sql.query<{ action: string }>(
      `select action from audit_log where target_type = 'venue' and target_id = $1 order by at, id`,
      [String(id)],
    );
    expect(actions.rows.map((row) => row.action)).toEqual(['venue.create', 'venue.archive', 'venue.unarchive']);
  });

  it("refuses to archive the group's last open venue", async () => {
    const { venues } = (await t.request('GET', '/api/admin/venues', { token: admin.sessionId })).body as {
      venues: { id: number; archivedAt: string | null }[];
    };
    const open = venues.filter((venue) => !venue.archivedAt && venue.id !== 1);
    for (const venue of open) {
      expect((await t.request('POST', `/api/admin/venues/${venue.id}/archive`, { token: admin.sessionId })).status).toBe(200);
    }
    const last = await t.request('POST', '/api/admin/venues/1/archive', { token: admin.sessionId });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe("Nocturne is the group's only open venue: open or add another venue first.");
  });

  it('answers the public list conditionally, and a change to a venue changes it', async () => {
    const first = await t.request('GET', '/api/venues');
    expect(first.status).toBe(200);
    expect(first.body.venues[0]).not.toHaveProperty('inboxEmail');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await t.request('GET', '/api/venues', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await t.request('PATCH', '/api/admin/venues/1', { token: admin.sessionId, body: { phone: '+61 2 9000 4321' } });
    // Every replica hears of the change within a second.
    let changed = await t.request('GET', '/api/venues', { headers: { 'if-none-match': etag } });
    for (let tries = 0; changed.status === 304 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      changed = await t.request('GET', '/api/venues', { headers: { 'if-none-match': etag } });
    }
    expect(changed.status).toBe(200);
    expect(changed.body.venues[0].phone).toBe('+61 2 9000 4321');
  });
});
