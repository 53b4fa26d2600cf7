import type { INestApplicationContext } from '@nestjs/common';
import { waitFor, randomIp, registerMember, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
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

describe('password reset e-mail (api → outbox → queue → worker → mail)', () => {
  it('e-mails a one-time link whose token sets a new password', async () => {
    const member = await registerMember(t);
    const answer = await t.request('POST', '/api/auth/forgot-password', {
      body: { email: member.email },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(answer.status).toBe(202);

    const mail = await waitFor(() => mailTo(member.email), { timeoutMs: 20_000, what: 'the reset e-mail' });
    expect(mail).toContain('Subject: Reset your Nocturne password');
    // The body may be quoted-printable: undo soft line breaks and =XX escapes before reading it.
    const body = mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(body)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;

    const { rows } = await t.sql.query('select token_hash, expires_at from password_reset_tokens where member_id = $1', [
      member.user.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    const minutes = (new Date(rows[0].expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);

    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'midnight-in-the-garden' } });
    expect(reset.status).toBe(200);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: member.email, password: 'midnight-in-the-garden' },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(login.status).toBe(200);
  });
});
