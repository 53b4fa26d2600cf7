import { createPost } from './support/news-fixtures.js';
import { randomIp, registerAdmin, registerMember, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': randomIp() } });

describe('PATCH /api/auth/me', () => {
  it('changes first and last name, trimmed, and comment lists show the new name at once (no stale 304)', async () => {
    const member = await registerMember(t, { firstName: 'Morgan', lastName: 'Reyes' });
    const post = await createPost(t, adminToken);
    const posted = await t.request('POST', `/api/news/${post.id}/comments`, { token: member.sessionId, body: { content: 'See you there' } });
    expect(posted.status).toBe(201);
    const before = await t.request('GET', `/api/news/${post.id}/comments`, { token: member.sessionId });
    expect(before.body[0].author.firstName).toBe('Morgan');
    const etag = before.headers.get('etag');
    expect(etag).toBeTruthy();

    const answer = await t.request('PATCH', '/api/auth/me', { token: member.sessionId, body: { firstName: ' Jo ', lastName: 'Park' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: member.user.id, firstName: 'Jo', lastName: 'Park', email: member.email });
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).body).toMatchObject({ firstName: 'Jo', lastName: 'Park' });

    let after = await t.request('GET', `/api/news/${post.id}/comments`, { token: member.sessionId, headers: { 'if-none-match': etag! } });
    for (let i = 0; i < 20 && after.status === 304; i += 1) {
      // The version reaches replicas by LISTEN/NOTIFY: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await t.request('GET', `/api/news/${post.id}/comments`, { token: member.sessionId, headers: { 'if-none-match': etag! } });
    }
    expect(after.status).toBe(200);
    expect(after.body[0].author.firstName).toBe('Jo');
  });

  it('refuses empty or missing names with a 400 naming the field, and needs a session', async () => {
    const member = await registerMember(t);
    const empty = await t.request('PATCH', '/api/auth/me', { token: member.sessionId, body: { firstName: '  ', lastName: 'x'.repeat(101) } });
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['firstName', 'lastName']);
    expect((await t.request('PATCH', '/api/auth/me', { body: { firstName: 'A', lastName: 'B' } })).status).toBe(401);
  });
});

describe('POST /api/auth/me/password', () => {
  it('needs the current password, then changes it and signs out every other session but this one', async () => {
    const member = await registerMember(t);
    const other = (await login(member.email, member.password)).body.sessionId as string;
    const wrong = await t.request('POST', '/api/auth/me/password', {
      token: member.sessionId,
      body: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-secret' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('current password');
    expect((await t.request('GET', '/api/auth/me', { token: other })).status).toBe(200);

    const changed = await t.request('POST', '/api/auth/me/password', {
      token: member.sessionId,
      body: { currentPassword: member.password, newPassword: 'a-brand-new-secret' },
    });
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await login(member.email, member.password)).status).toBe(401);
    expect((await login(member.email, 'a-brand-new-secret')).status).toBe(200);
  });

  it('refuses a weak new password and says why', async () => {
    const member = await registerMember(t);
    const weak = await t.request('POST', '/api/auth/me/password', { token: member.sessionId, body: { currentPassword: member.password, newPassword: '1234567890' } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('too common');
    expect((await login(member.email, member.password)).status).toBe(200);
  });
});
