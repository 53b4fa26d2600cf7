// The admins' members export: every live member once, as CSV a spreadsheet opens safely, streamed.
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** RFC 4180 rows of the answer (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

async function exportAs(token: string) {
  const answer = await fetch(`${t.baseUrl}/api/admin/members/export`, { headers: { authorization: `Bearer ${token}` } });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

it('gives an admin every live member once, formulas neutralised, deleted accounts left out', async () => {
  const admin = await registerAdmin(t);
  const member = await registerMember(t, { firstName: '=HYPERLINK("x")', lastName: 'Reyes, Jr' });
  const leaving = await registerMember(t, { firstName: 'Leaving' });
  await t.sql.query('update members set deleted_at = now() where id = $1', [leaving.user.id]);

  const answer = await exportAs(admin.sessionId);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="nocturne-members-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(answer.headers.get('cache-control')).toBe('no-store');

  const [header, ...rows] = parseCsv(answer.text);
  expect(header).toEqual([
    'id',
    'email',
    'first_name',
    'last_name',
    'role',
    'tier',
    'current_points',
    'total_points',
    'joined_at',
    'last_sign_in_at',
    'disabled_at',
  ]);
  const byId = new Map(rows.map((row) => [row[0], row]));
  expect(byId.get(member.user.id)).toEqual([
    member.user.id,
    member.email,
    '\'=HYPERLINK("x")',
    'Reyes, Jr',
    'member',
    'bronze',
    expect.stringMatching(/^\d+$/),
    expect.stringMatching(/^\d+$/),
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    '',
  ]);
  expect(byId.get(admin.user.id)?.[4]).toBe('admin');
  expect(byId.has(leaving.user.id)).toBe(false);
});

it('streams past one batch without skipping or repeating members who joined in the same instant', async () => {
  const admin = await registerAdmin(t);
  // 4,500 members with one created_at to the microsecond: the keyset's tie-break is the id alone.
  await t.sql.query(
    `insert into members (email, first_name, password_hash, created_at)
     select 'bulk-' || g || '@export.test', 'Bulk', 'x', timestamptz '2026-11-20 21:00:00.123456+00'
       from generate_series(1, 4500) g`,
  );
  const { text } = await exportAs(admin.sessionId);
  const emails = parseCsv(text)
    .slice(1)
    .map((row) => row[1]!)
    .filter((email) => email.endsWith('@export.test'));
  expect(emails).toHaveLength(4500);
  expect(new Set(emails).size).toBe(4500);
  const { rows } = await t.sql.query<{ n: string }>('select count(*) as n from members where deleted_at is null');
  expect(parseCsv(text).length - 1).toBe(Number(rows[0]!.n));
});

it('is refused to managers and door staff', async () => {
  for (const role of ['manager', 'door'] as const) {
    const staff = await registerStaff(t, role);
    expect((await exportAs(staff.sessionId)).status).toBe(403);
  }
});
