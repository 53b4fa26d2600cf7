import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  // WEBHOOKS_ALLOW_PRIVATE is left unset: private and loopback targets are refused.
  t = await startTestApp();
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const register = (body: unknown, token = admin.sessionId) => t.request('POST', '/api/admin/webhooks', { token, body });

describe('/api/admin/webhooks', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'http://[::1]/hook',
    'http://10.0.0.7/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://localhost/hook',
  ])('refuses the private or loopback target %s', async (url) => {
    const answer = await register({ url, events: ['coupon.claimed'] });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'url', message: expect.stringMatching(/private or loopback address/) }]);
  });

  it('names bad fields, and is for admins only', async () => {
    const bad = await register({ url: 'ftp://example.com/', events: ['coupon.lost'] });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['events.0', 'url']);
    const empty = await register({ url: 'https://example.com/', events: [] });
    expect(empty.body.issues).toEqual([{ path: 'events', message: 'must name at least one event' }]);
    const member = await registerMember(t);
    expect((await register({ url: 'https://example.com/', events: ['coupon.claimed'] }, member.sessionId)).status).toBe(403);
    expect((await t.request('GET', '/api/admin/webhooks', { token: member.sessionId })).status).toBe(403);
  });

  it('deletes an endpoint, then answers 404 for it', async () => {
    await t.sql.query(
      "insert into webhook_endpoints (url, events, secret) values ('https://hooks.example.com/in', '{coupon.claimed}', 'whsec_x')",
    );
    const [endpoint] = (await t.request('GET', '/api/admin/webhooks', { token: admin.sessionId })).body;
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/in',
      events: ['coupon.claimed'],
      createdAt: expect.any(String),
    });
    expect((await t.request('DELETE', `/api/admin/webhooks/${endpoint.id}`, { token: admin.sessionId })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/webhooks', { token: admin.sessionId })).body).toEqual([]);
    expect((await t.request('DELETE', `/api/admin/webhooks/${endpoint.id}`, { token: admin.sessionId })).status).toBe(404);
    expect((await t.request('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`, { token: admin.sessionId })).status).toBe(
      404,
    );
  });
});
