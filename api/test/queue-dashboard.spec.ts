import { ALL_QUEUES } from '@nocturne/queues';
import { registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';

// Bull Board behind staff sign-in: a pass from the api (signed in), as the admin dashboard asks for
// it, then the board's page and api with that cookie only, as a browser sends them.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Asks for a pass as the web does; answers the api's answer and the cookie to send back. */
async function pass(token: string) {
  const answer = await t.request('POST', '/api/admin/queue-dashboard/pass', { token, body: {} });
  const setCookie = answer.headers.get('set-cookie') ?? '';
  return { ...answer, setCookie, cookie: setCookie.split(';')[0]! };
}

/** A request to the board as the browser makes it: the cookie, no bearer token, redirects not followed. */
async function board(path: string, cookie?: string, method = 'GET') {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { accept: 'text/html,application/json', ...(cookie ? { cookie } : {}) },
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, json: () => JSON.parse(text) };
}

describe('queue dashboard behind staff sign-in', () => {
  it('gives admins the full board: every queue, actions allowed; the page loads nothing from other hosts and keeps the CSP', async () => {
    const admin = await registerStaff(t, 'admin');
    const given = await pass(admin.sessionId);
    expect(given.status).toBe(200);
    expect(given.body).toEqual({ path: '/admin/queues/manage/', readOnly: false, expiresAt: expect.any(String) });
    expect(given.setCookie).toMatch(/^nocturne_queues=[\w-]{43}; /);
    for (const attribute of ['Path=/admin/queues', 'HttpOnly', 'SameSite=Strict', 'Max-Age=3600'])
      expect(given.setCookie.split('; ')).toContain(attribute);
    // The pass is not the session's token.
    expect(given.setCookie).not.toContain(admin.sessionId);

    const entry = await board('/admin/queues', given.cookie);
    expect(entry.status).toBe(303);
    expect(entry.headers.get('location')).toBe('/admin/queues/manage/');

    const page = await board('/admin/queues/manage/', given.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('<base href="/admin/queues/manage/"');
    expect(page.text).not.toContain('fonts.googleapis.com');
    // No element loads from another host: every src and href is relative to the board.
    const references = [...page.text.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThan(3);
    expect(references.filter((url) => /^(?:[a-z]+:)?\/\//i.test(url))).toEqual([]);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("font-src 'self' data:");
    // Its own stylesheet and script answer from here.
    const css = references.find((url) => url.endsWith('.css'))!;
    expect((await board(`/admin/queues/manage/${css}`, given.cookie)).status).toBe(200);

    const queues = await board('/admin/queues/manage/api/queues', given.cookie);
    expect(queues.status).toBe(200);
    const listed = queues.json().queues as { name: string; readOnlyMode: boolean }[];
    expect(listed.map((queue) => queue.name).sort()).toEqual([...ALL_QUEUES].sort());
    expect(listed.every((queue) => !queue.readOnlyMode)).toBe(true);
    const retry = await board('/admin/queues/manage/api/queues/email/retry/failed', given.cookie, 'PUT');
    expect(retry.status).toBe(200);
  });

  it('gives managers a read-only board: a retry is refused, the full board is out of reach', async () => {
    const manager = await registerStaff(t, 'manager');
    const given = await pass(manager.sessionId);
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ path: '/admin/queues/view/', readOnly: true });

    expect((await board('/admin/queues', given.cookie)).headers.get('location')).toBe('/admin/queues/view/');
    expect((await board('/admin/queues/view/', given.cookie)).status).toBe(200);
    const queues = await board('/admin/queues/view/api/queues', given.cookie);
    expect(queues.status).toBe(200);
    expect((queues.json().queues as { readOnlyMode: boolean }[]).every((queue) => queue.readOnlyMode)).toBe(true);

    for (const path of [
      '/admin/queues/view/api/queues/email/retry/failed',
      '/admin/queues/manage/api/queues/email/retry/failed',
    ]) {
      const retry = await board(path, given.cookie, 'PUT');
      expect({ path, status: retry.status }).toEqual({ path, status: 403 });
      expect(retry.json().message).toBe('Managers see the queues read-only');
    }
    expect((await board('/admin/queues/manage/api/queues', given.cookie)).status).toBe(403);
    const fullPage = await board('/admin/queues/manage/', given.cookie);
    expect(fullPage.status).toBe(303);
    expect(fullPage.headers.get('location')).toBe('/admin/queues/view/');
  });

  it('refuses members, door staff and anyone without a pass; a pass dies with its session and its role', async () => {
    for (const token of [(await registerMember(t)).sessionId, (await registerStaff(t, 'door')).sessionId]) {
      const refused = await pass(token);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('This needs a manager or admin account.');
      expect(refused.setCookie).toBe('');
    }
    expect((await pass('not-a-session-token-at-all-0000')).status).toBe(401);
    const admin = await registerStaff(t, 'admin');
    const withBody = await t.request('POST', '/api/admin/queue-dashboard/pass', {
      token: admin.sessionId,
      body: { readOnly: false },
    });
    expect(withBody.status).toBe(400);
    expect(withBody.headers.get('set-cookie')).toBeNull();

    const anonymous = await board('/admin/queues');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin-login');
    expect((await board('/admin/queues/manage/')).headers.get('location')).toBe('/admin-login');
    expect((await board('/admin/queues/manage/api/queues')).status).toBe(401);
    expect((await board('/admin/queues/view/api/queues', `nocturne_queues=${'x'.repeat(43)}`)).status).toBe(401);

    // Demoted to door staff after opening the board: refused at once.
    const demoted = await registerStaff(t, 'manager');
    const demotedPass = await pass(demoted.sessionId);
    expect((await board('/admin/queues/view/api/queues', demotedPass.cookie)).status).toBe(200);
    await t.sql.query(`update members set role = 'door' where id = $1`, [demoted.user.id]);
    await waitUntil(async () => (await board('/admin/queues/view/api/queues', demotedPass.cookie)).status === 403);

    // Signed out: the pass goes with the session.
    const adminPass = await pass(admin.sessionId);
    expect((await board('/admin/queues/manage/api/queues', adminPass.cookie)).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { token: admin.sessionId })).status).toBeLessThan(300);
    await waitUntil(async () => (await board('/admin/queues/manage/api/queues', adminPass.cookie)).status === 401);
  });
});

/** The session cache follows PostgreSQL's notifications: a change is seen within moments, not at once. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
