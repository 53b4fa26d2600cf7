import type { INestApplicationContext } from '@nestjs/common';
import { ADULT_DATE_OF_BIRTH, randomIp, registerMember, startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
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

async function mailsTo(email: string): Promise<string[]> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(mailDir, file), 'utf8');
    if (text.includes(`To: ${email}`)) found.push(text);
  }
  return found;
}

describe('sign-up with a taken e-mail (api → outbox → queue → worker → mail)', () => {
  it("tells the address's owner, with the way to sign in, and changes nothing", async () => {
    const member = await registerMember(t, { firstName: 'Priya' });
    const answer = await t.request('POST', '/api/auth/register', {
      body: {
        email: member.email,
        firstName: 'Mallory',
        lastName: 'X',
        password: 'another-good-secret',
        dateOfBirth: ADULT_DATE_OF_BIRTH,
      },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(answer.status).toBe(202);
    const [mail] = await waitFor(async () => ((await mailsTo(member.email)).length > 0 ? mailsTo(member.email) : undefined), {
      timeoutMs: 20_000,
      what: 'the notice',
    });
    const body = mail!
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(body).toContain('Subject: You already have a Nocturne membership');
    expect(body).toContain('Hi Priya,');
    expect(body).toContain(`${t.config.APP_URL.replace(/\/$/, '')}/members-login`);
    expect(body).not.toContain('Mallory');
    const { rows } = await t.sql.query('select first_name from members where id = $1', [member.user.id]);
    expect(rows).toEqual([{ first_name: 'Priya' }]);
  });
});
