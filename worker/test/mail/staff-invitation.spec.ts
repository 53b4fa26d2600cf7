import type { INestApplicationContext } from '@nestjs/common';
import { randomIp, registerAdmin, startTestApp, type TestApp, testEnv, uniqueEmail, waitFor } from '@nocturne/testing';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { startWorker } from '../support/worker-app.js';

let t: TestApp;
let worker: INestApplicationContext;
let mailDir: string;

beforeAll(async () => {
  const base = await testEnv();
  mailDir = base.env['MAIL_DIR']!;
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
});
afterAll(async () => {
  await worker.close();
  await t.close();
  await rm(mailDir, { recursive: true, force: true });
});

async function mailTo(email: string): Promise<string | undefined> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  for (const file of files) {
    const text = await readFile(path.join(mailDir, file), 'utf8');
    if (text.includes(`To: ${email}`)) return text;
  }
  return undefined;
}

/** The body as written, with quoted-printable soft line breaks and =XX escapes undone. */
const decoded = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('staff invitation (admin → outbox → queue → worker → mail → set password → sign in)', () => {
  it('e-mails a one-time link naming the role; the password it sets signs in with that role', async () => {
    const admin = await registerAdmin(t);
    const email = uniqueEmail('door');
    const invite = await t.request('POST', '/api/admin/staff/invitations', {
      token: admin.sessionId,
      body: { email, firstName: 'Sam', role: 'door' },
    });
    expect(invite.status).toBe(201);

    const mail = decoded(await waitFor(() => mailTo(email), { timeoutMs: 20_000, what: 'the invitation e-mail' }));
    expect(mail).toContain("Subject: You're invited to the Nocturne staff as door staff");
    expect(mail).toContain('You have been invited to the Nocturne staff as door staff.');
    const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    // The page speaks of choosing a first password, not of changing one.
    expect(mail).toMatch(/\/reset-password\?token=[\w-]+&invited=1/);

    // An invitation's link waits 72 hours (a reset's, one).
    const { rows } = await t.sql.query('select expires_at from password_reset_tokens where member_id = $1', [
      invite.body.staff.id,
    ]);
    const hours = (new Date(rows[0].expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);

    const set = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'door-list-at-midnight' } });
    expect(set.status).toBe(200);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email, password: 'door-list-at-midnight' },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ user: { role: 'door', firstName: 'Sam' }, firstSignIn: true });
    // The link works once.
    const again = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'another-door-password' } });
    expect(again.status).toBe(400);
  });
});
