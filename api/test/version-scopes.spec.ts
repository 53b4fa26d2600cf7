import { VERSION_SCOPES } from '@nocturne/contracts';
import { templateDatabaseUrl } from '@nocturne/testing';
import pg from 'pg';

// A conditional GET's ETag is only as fresh as the scopes it names: a scope no trigger bumps would
// answer 304 forever. The endpoint list can only name VERSION_SCOPES (a union type); this holds
// that list to what the migrated database really versions.
it('names only scopes that the database bumps when their rows change', async () => {
  const client = new pg.Client({ connectionString: templateDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ scope: string }>(
      `select distinct (regexp_match(pg_get_triggerdef(oid), 'note_resource_change\\(''([^'']*)'''))[1] as scope
         from pg_trigger where not tgisinternal and pg_get_triggerdef(oid) like '%note_resource_change%'`,
    );
    const names = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger where tgname = 'members_names_versions'`,
    );
    const bumped = new Set(rows.map((row) => row.scope).filter(Boolean));
    if (names.rows[0]!.n > 0) bumped.add('member_names');
    expect([...VERSION_SCOPES].filter((scope) => !bumped.has(scope))).toEqual([]);
    // And nothing the database versions is missing from the list endpoints can choose from.
    expect([...bumped].filter((scope) => !(VERSION_SCOPES as readonly string[]).includes(scope))).toEqual([]);
  } finally {
    await client.end();
  }
});
