import { randomIp, registerAdmin, startTestApp, type TestApp } from '@nocturne/testing';

// A control character (other than tab and newline) in any string is refused with a 400 naming the
// field; `\u0000` once reached PostgreSQL, which refuses it in text, and came back as a 500.
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

it.each([
  ['/api/auth/login', { email: `a${NUL}@example.com`, password: 'whatever-password' }, 'email', false],
  [
    '/api/auth/register',
    { email: 'x@example.com', firstName: `Sam${NUL}`, lastName: 'Lee', password: 'velvet-rope-2026', dateOfBirth: '1990-06-15' },
    'firstName',
    false,
  ],
  [
    '/api/bookings',
    {
      name: 'Sam',
      email: 'sam@example.com',
      phone: '0400 000 000',
      date,
      time: '22:00',
      guests: '4',
      service: 'vip-room',
      message: `hi\u001b[31m`,
      fillMs: 4200,
    },
    'message',
    false,
  ],
  ['/api/contact', { name: `Sam\u0007`, email: 'sam@example.com', message: 'Hello' }, 'name', false],
  ['/api/door/check', { text: `x${NUL}`, method: 'typed' }, 'text', true],
])('POST %s with a control character answers 400 naming %s', async (path, body, field, asAdmin) => {
  const before = (
    await t.sql.query(
      'select (select count(*) from members) + (select count(*) from bookings) + (select count(*) from contact_messages) + (select count(*) from qr_scans) as n',
    )
  ).rows[0].n;
  const answer = await t.request('POST', path, {
    body,
    token: asAdmin ? adminToken : undefined,
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(answer.status).toBe(400);
  expect(answer.body.issues).toEqual([{ path: field, message: 'must not contain control characters' }]);
  const after = (
    await t.sql.query(
      'select (select count(*) from members) + (select count(*) from bookings) + (select count(*) from contact_messages) + (select count(*) from qr_scans) as n',
    )
  ).rows[0].n;
  expect(after).toBe(before);
});

it('keeps tabs and newlines in free text', async () => {
  const answer = await t.request('POST', '/api/contact', {
    body: { name: 'Sam', email: 'sam@example.com', message: 'Line one\n\tLine two' },
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(answer.status).toBe(202);
});

it('names a control character in a query string too', async () => {
  const answer = await t.request('GET', `/api/admin/users?search=${encodeURIComponent(`a${NUL}`)}`, { token: adminToken });
  expect(answer.status).toBe(400);
  expect(answer.body.issues).toEqual([{ path: 'search', message: 'must not contain control characters' }]);
});
