import type { INestApplicationContext } from '@nestjs/common';
import { registerAdmin, registerMember, startTestApp, type TestApp, testEnv, uniqueEmail, waitFor } from '@nocturne/testing';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startWorker } from '../support/worker-app.js';

// Security review M4: personal data outlived the account's deletion: email_deliveries.recipient, the
// first name inside qr_scans.reason, the free text of point adjustments, development .eml files.
// After the deletion, every text column of every table and the mail spool are searched for the
// member's e-mail and names. Their own booking requests and contact messages go with the account.
let t: TestApp;
let worker: INestApplicationContext;
let mailDir: string;

beforeAll(async () => {
  const base = await testEnv({ POINTS_EXPIRE_AFTER_MONTHS: '12' });
  mailDir = base.env['MAIL_DIR']!;
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

/** Every (table, column) of the public schema that holds text, and the rows whose value contains one of `needles`. */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const columns = (
    await t.sql.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
    )
  ).rows;
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const { rows } = await t.sql.query(
        `select count(*)::int as n from "${table}" where "${column}"::text ilike '%' || $1 || '%'`,
        [needle],
      );
      if (rows[0].n > 0) found.push(`${table}.${column} holds ${needle} (${rows[0].n} rows)`);
    }
  }
  return found;
}

async function spoolMentioning(needles: string[]): Promise<string[]> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const file of files) {
    const text = (await readFile(path.join(mailDir, file), 'utf8')).toLowerCase();
    for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${file} holds ${needle}`);
  }
  return found;
}

it('leaves neither the e-mail nor the names of a deleted member in any table or in the mail spool', async () => {
  const admin = await registerAdmin(t);
  const email = uniqueEmail('zephyrine');
  const first = 'Zephyrine';
  const last = 'Quillfeather';
  const member = await registerMember(t, { email, firstName: first, lastName: last });

  // A reset e-mail written to the spool (no SMTP_URL).
  expect((await t.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(202);
  await waitFor(async () => (await spoolMentioning([email])).length > 0, {
    timeoutMs: 20_000,
    what: 'the reset e-mail in the spool',
  });
  // A staff adjustment whose reason names the member.
  const adjusted = await t.request('POST', `/api/admin/members/${member.user.id}/points-adjustments`, {
    token: admin.sessionId,
    body: { points: 15, reason: `Birthday drinks for ${first} ${last} (${email})`, countsTowardTier: true },
  });
  expect(adjusted.status).toBe(201);
  // A door line that names the member, as door mode writes it ("Welcome, <first name>: …").
  await t.sql.query(
    `insert into qr_scans (admin_id, member_id, scanned_id, action, result, reason)
     values ($1, $2, 'card', 'validate', 'accepted', $3)`,
    [admin.user.id, member.user.id, `Welcome, ${first}: visit recorded, +20 points`],
  );
  // An expiry warning's delivery row, as the points job records it.
  await t.sql.query(
    `insert into email_deliveries (subject_type, subject_id, kind, recipient) values ('member', $1, 'points-expiry-warning:2027-11', $2)`,
    [member.user.id, email],
  );
  // Their own booking request and contact message, as the public forms store them (the forms take no account).
  await t.sql.query(
    `insert into bookings (name, email, phone, date, guests, service, message) values ($1, $2, '0400 000 000', current_date, '2', 'vip-room', $3)`,
    [`${first} ${last}`, email, `Birthday table for ${first}`],
  );
  await t.sql.query(`insert into contact_messages (name, email, message) values ($1, $2, 'Do you have a cloakroom?')`, [
    `${first} ${last}`,
    email,
  ]);
  // Someone else's stay.
  await t.sql.query(
    `insert into bookings (name, email, date, guests, service) values ('Other Guest', 'other.guest@example.com', current_date, '2', 'vip-room')`,
  );
  expect(await rowsMentioning([email, last])).not.toEqual([]);

  const deleted = await t.request('DELETE', '/api/auth/me', { token: member.sessionId, body: { password: member.password } });
  expect(deleted.status).toBe(200);

  await waitFor(async () => (await spoolMentioning([email, first, last])).length === 0, {
    timeoutMs: 20_000,
    what: 'the spool to forget the member',
  });
  expect(await rowsMentioning([email, first, last])).toEqual([]);
  const others = await t.sql.query(`select count(*)::int as n from bookings where email = 'other.guest@example.com'`);
  expect(others.rows[0].n).toBe(1);
  // What the rows were for is still there: the ledger balances, the door line, the delivery.
  const scans = await t.sql.query('select reason from qr_scans where member_id = $1', [member.user.id]);
  expect(scans.rows).toEqual([{ reason: 'Welcome, a deleted member: visit recorded, +20 points' }]);
  const adjustments = await t.sql.query(
    `select points, description from point_transactions where member_id = $1 and kind = 'adjustment'`,
    [member.user.id],
  );
  expect(adjustments.rows).toEqual([{ points: 15, description: 'Points adjustment (reason erased with the account)' }]);
}, 60_000);
