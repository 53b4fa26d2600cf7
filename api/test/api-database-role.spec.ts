import { API_DATABASE_ROLE } from '@nocturne/db';
import { registerMember, registerStaff, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import pg from 'pg';

/*
 * The api runs as the role the migrations create (every shipped start path: npm start, compose,
 * the Kubernetes example), which can read and write the tables but cannot rewrite the audit trail:
 * no ALTER (so no disabling its triggers), UPDATE, DELETE or TRUNCATE of audit_log, no
 * session_replication_role, no dropping, no becoming the owner. The api, started as that role,
 * serves a staff action and its audit row.
 */
let t: TestApp;
let apiRole: pg.Client;
let apiUrl: string;

beforeAll(async () => {
  const { env, db } = await testEnv();
  const url = new URL(db.url);
  url.username = API_DATABASE_ROLE;
  url.password = '';
  apiUrl = url.toString();
  t = await startTestApp({ DATABASE_URL: apiUrl }, { env: { ...env, DATABASE_URL: apiUrl }, db });
  apiRole = new pg.Client({ connectionString: apiUrl });
  await apiRole.connect();
});
afterAll(async () => {
  await apiRole.end();
  await t.close();
});

/** The error PostgreSQL answers the statement with, or 'allowed'. */
async function attempt(statement: string): Promise<string> {
  try {
    await apiRole.query(statement);
    return 'allowed';
  } catch (error) {
    return (error as Error).message;
  }
}

describe("the api's database role", () => {
  it('is the role the api connects as, and neither owns nor may become the owner of anything', async () => {
    const { rows } = await apiRole.query<{ current_user: string; superuser: boolean; createrole: boolean }>(
      'select current_user, rolsuper as superuser, rolcreaterole as createrole from pg_roles where rolname = current_user',
    );
    expect(rows).toEqual([{ current_user: API_DATABASE_ROLE, superuser: false, createrole: false }]);
    const owned = await apiRole.query(
      `select tablename from pg_tables where schemaname = 'public' and tableowner = current_user`,
    );
    expect(owned.rows).toEqual([]);
    const owner = (await t.sql.query<{ tableowner: string }>(`select tableowner from pg_tables where tablename = 'audit_log'`))
      .rows[0]!.tableowner;
    expect(await attempt(`set role "${owner}"`)).toMatch(/permission denied/);
  });

  it('can insert and read audit rows', async () => {
    const actor = await registerStaff(t, 'admin', 'Avery');
    await apiRole.query(`insert into audit_log (actor_id, actor_role, action) values ($1, 'admin', 'members.export')`, [
      actor.user.id,
    ]);
    const { rows } = await apiRole.query(`select action from audit_log where actor_id = $1`, [actor.user.id]);
    expect(rows).toContainEqual({ action: 'members.export' });
  });

  it.each([
    ['alter table audit_log disable trigger user', /must be owner/],
    ['alter table audit_log disable trigger audit_log_append_only', /must be owner/],
    ['alter table audit_log drop column before', /must be owner/],
    ['drop trigger audit_log_append_only on audit_log', /must be owner/],
    ['drop table audit_log', /must be owner/],
    ['update audit_log set action = action', /permission denied/],
    ['delete from audit_log', /permission denied/],
    ['truncate audit_log', /permission denied/],
    ['set session_replication_role = replica', /permission denied/],
    [
      'create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return old; end $$',
      /must be owner|permission denied/,
    ],
    [`alter role ${API_DATABASE_ROLE} superuser`, /permission denied|must be superuser/],
  ])('refuses %s', async (statement, refusal) => {
    expect(await attempt(statement)).toMatch(refusal);
  });

  it('runs the api: a staff action, its audit row and the audit log read back', async () => {
    const admin = await registerStaff(t, 'admin', 'Avery');
    const member = await registerMember(t, { firstName: 'Priya', lastName: 'Shah' });
    const adjusted = await t.request('POST', `/api/admin/members/${member.user.id}/points-adjustments`, {
      token: admin.sessionId,
      body: { points: 5, reason: 'welcome back', countsTowardTier: true },
    });
    expect(adjusted.status).toBeLessThan(300);
    const log = await t.request('GET', `/api/admin/audit?actorId=${admin.user.id}&action=points.adjust`, {
      token: admin.sessionId,
    });
    expect(log.status).toBe(200);
    expect(log.body.entries[0].summary).toContain("adjusted Priya Shah's points: +5, 'welcome back'");
  });
});
