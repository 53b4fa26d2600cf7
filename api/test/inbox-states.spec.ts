import { randomIp, registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

// Messages are new until handled, bookings requested until confirmed or
// declined; each records who and when, and a decision carries staff's note to the guest.
let t: TestApp;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId; // Alex Reyes
  memberToken = (await registerMember(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const MISSING = '00000000-0000-4000-8000-000000000000';

async function sendMessage(name = 'Sam Carter'): Promise<string> {
  const answer = await t.request('POST', '/api/contact', {
    body: { name, email: 'sam@example.com', message: 'Is there a dress code?' },
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(answer.status).toBe(202);
  return answer.body.id;
}

async function book(): Promise<string> {
  const answer = await t.request('POST', '/api/bookings', {
    // An address of its own: each address gets 3 acknowledgements a day at most.
    body: {
      name: 'Jordan Lee',
      email: `jordan-${randomIp()}@example.com`,
      // A week ahead: a night and a time are required, and a week on the slot has not begun.
      date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      time: '22:00',
      guests: '4',
      service: 'vip-room',
      fillMs: 4200,
    },
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const counts = async () => (await t.request('GET', '/api/admin/inbox/counts', { token: adminToken })).body;
const messageIds = async (query: string) =>
  (await t.request('GET', `/api/admin/contact-messages${query}`, { token: adminToken })).body.messages.map(
    (message: { id: string }) => message.id,
  );

describe('contact message states', () => {
  it('starts new, is marked handled by the admin with the time, and can be reopened', async () => {
    const id = await sendMessage();
    const before = await counts();
    expect((await t.request('GET', '/api/admin/contact-messages', { token: adminToken })).body.messages[0]).toMatchObject({
      id,
      state: 'new',
      handledBy: null,
      handledAt: null,
    });

    const started = Date.now();
    const handled = await t.request('PATCH', `/api/admin/contact-messages/${id}`, {
      token: adminToken,
      body: { state: 'handled' },
    });
    expect(handled.status).toBe(200);
    expect(handled.body).toEqual({
      success: true,
      message: expect.objectContaining({ id, state: 'handled', handledBy: 'Alex Reyes', handledAt: expect.any(String) }),
    });
    expect(Math.abs(Date.parse(handled.body.message.handledAt) - started)).toBeLessThan(10_000);
    expect(await counts()).toEqual({ ...before, newMessages: before.newMessages - 1 });
    expect(await messageIds('?state=new')).not.toContain(id);
    expect(await messageIds('?state=handled')).toContain(id);
    expect(await messageIds('')).toContain(id);

    // Marking it handled again changes nothing: the first admin and time stay on record.
    const again = await t.request('PATCH', `/api/admin/contact-messages/${id}`, {
      token: adminToken,
      body: { state: 'handled' },
    });
    expect(again.status).toBe(200);
    expect(again.body.message.handledAt).toBe(handled.body.message.handledAt);

    const reopened = await t.request('PATCH', `/api/admin/contact-messages/${id}`, { token: adminToken, body: { state: 'new' } });
    expect(reopened.body.message).toMatchObject({ state: 'new', handledBy: null, handledAt: null });
    expect(await counts()).toEqual(before);
    expect(await messageIds('?state=new')).toContain(id);
  });

  it('counts new messages without the spam the honeypot caught', async () => {
    const before = await counts();
    await t.request('POST', '/api/contact', {
      body: { name: 'Bot', email: 'bot@example.com', message: 'Cheap followers', website: 'http://spam.example' },
      headers: { 'x-forwarded-for': randomIp() },
    });
    await sendMessage('Robin');
    expect((await counts()).newMessages).toBe(before.newMessages + 1);
  });

  it('answers 400 for an unknown state, 404 for no such message, 401 signed out and 403 to a member', async () => {
    const id = await sendMessage();
    const patch = (path: string, body: object, token?: string) => t.request('PATCH', path, { token, body });
    const bad = await patch(`/api/admin/contact-messages/${id}`, { state: 'done' }, adminToken);
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['state']);
    expect((await patch(`/api/admin/contact-messages/${MISSING}`, { state: 'handled' }, adminToken)).status).toBe(404);
    expect((await patch(`/api/admin/contact-messages/${id}`, { state: 'handled' })).status).toBe(401);
    expect((await patch(`/api/admin/contact-messages/${id}`, { state: 'handled' }, memberToken)).status).toBe(403);
    expect((await t.request('GET', '/api/admin/contact-messages?state=done', { token: adminToken })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/inbox/counts', { token: memberToken })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/inbox/counts')).status).toBe(401);
    const { rows } = await t.sql.query('select state, handled_by_id from contact_messages where id = $1', [id]);
    expect(rows[0]).toEqual({ state: 'new', handled_by_id: null });
  });
});

describe('booking decisions', () => {
  const decide = (id: string, body: object, token = adminToken) =>
    t.request('PATCH', `/api/admin/bookings/${id}`, { token, body });
  const deliveries = async (id: string) =>
    (await t.sql.query('select kind, state from email_deliveries where subject_id = $1 order by kind', [id])).rows.map(
      (row) => `${row.kind}:${row.state}`,
    );

  it('records who confirmed and when, with the trimmed note the guest will be e-mailed', async () => {
    const id = await book();
    const before = await counts();
    const confirmed = await decide(id, {
      status: 'confirmed',
      note: '  Booth 3 is yours.\nAsk for Sam.  ',
      expectedStatus: 'requested',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking).toMatchObject({
      id,
      status: 'confirmed',
      statusNote: 'Booth 3 is yours.\nAsk for Sam.',
      decidedBy: 'Alex Reyes',
      statusChangedAt: expect.any(String),
    });
    expect(await counts()).toEqual({ ...before, requestedBookings: before.requestedBookings - 1 });
    // The note is what the worker puts in the guest's e-mail (worker/test/email-delivery.spec.ts reads the mail).
    const { rows } = await t.sql.query('select status_note from bookings where id = $1', [id]);
    expect(rows[0].status_note).toBe('Booth 3 is yours.\nAsk for Sam.');
    expect(await deliveries(id)).toContain('guest-status-confirmed:pending');
    const listed = await t.request('GET', '/api/admin/bookings?status=confirmed', { token: adminToken });
    expect(listed.body.bookings.map((b: { id: string }) => b.id)).toContain(id);
    const requested = await t.request('GET', '/api/admin/bookings?status=requested', { token: adminToken });
    expect(requested.body.bookings.map((b: { id: string }) => b.id)).not.toContain(id);
  });

  it('refuses the same decision twice with a 409 naming who made it, and sends nothing more', async () => {
    const id = await book();
    expect((await decide(id, { status: 'declined' })).status).toBe(200);
    const twice = await decide(id, { status: 'declined', note: 'Sorry again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This booking is already declined by Alex Reyes.');
    const { rows } = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'BookingStatusChanged' and aggregate_id = $1",
      [id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a decision on a booking decided by someone else since the admin looked', async () => {
    const id = await book();
    await decide(id, { status: 'confirmed' });
    const late = await decide(id, { status: 'declined', expectedStatus: 'requested' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This booking was confirmed by Alex Reyes in the meantime; nothing was changed.');
  });

  it('lets a decision be changed: the guest is owed the new e-mail, the unsent old one is dropped', async () => {
    const id = await book();
    await decide(id, { status: 'confirmed', note: 'See you Friday' });
    const changed = await decide(id, { status: 'declined', expectedStatus: 'confirmed' });
    expect(changed.status).toBe(200);
    expect(changed.body.booking).toMatchObject({ status: 'declined', statusNote: null, decidedBy: 'Alex Reyes' });
    expect(await deliveries(id)).toEqual([
      'guest-acknowledgement:pending',
      'guest-status-declined:pending',
      'venue-notification:pending',
    ]);
    // A confirmation that did go out stays on record beside the decline.
    await t.sql.query("update email_deliveries set state = 'sent' where subject_id = $1", [id]);
    expect((await decide(id, { status: 'confirmed' })).status).toBe(200);
    expect(await deliveries(id)).toEqual([
      'guest-acknowledgement:sent',
      'guest-status-confirmed:pending',
      'guest-status-declined:sent',
      'venue-notification:sent',
    ]);
  });

  it('refuses a note too long or with control characters, naming it, and changes nothing', async () => {
    const id = await book();
    for (const note of ['x'.repeat(1001), 'See you\u0007']) {
      const answer = await decide(id, { status: 'confirmed', note });
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['note']);
    }
    expect((await decide(id, { status: 'confirmed', expectedStatus: 'maybe' })).status).toBe(400);
    const { rows } = await t.sql.query('select status from bookings where id = $1', [id]);
    expect(rows[0].status).toBe('requested');
  });

  it('answers 404 for no such booking, 401 signed out and 403 to a member', async () => {
    const id = await book();
    expect((await decide(MISSING, { status: 'confirmed' })).status).toBe(404);
    expect((await t.request('PATCH', `/api/admin/bookings/${id}`, { body: { status: 'confirmed' } })).status).toBe(401);
    expect((await decide(id, { status: 'confirmed' }, memberToken)).status).toBe(403);
    expect((await t.request('GET', '/api/admin/bookings?status=maybe', { token: adminToken })).status).toBe(400);
  });
});

describe('the venue', () => {
  it("tells anyone its time zone, so screens show the venue's times", async () => {
    const answer = await t.request('GET', '/api/venue');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ timeZone: t.config.VENUE_TZ });
  });
});
