import fc from 'fast-check';
import { registerAdmin, startTestApp, type HttpAnswer, type TestApp } from '@nocturne/testing';
import { DocumentedAnswers, type OpenApiDocument, type Operation } from './support/documented-answers.js';

// Property-based hostile input over every route in the OpenAPI document: whatever arrives, the
// answer is a 4xx (or a success for input that happens to be valid), never a 5xx, always a status
// and a body the document describes (checked against its schemas), and a refused request never
// changes a row. Seeded, so a failure replays.
const SEED = 20261121;
const RUNS_PER_ROUTE = 20;

let t: TestApp;
let adminToken: string;
let documented: DocumentedAnswers;

interface Route {
  method: string;
  path: string;
  op: Operation;
}

// Routes whose success would end the test's own session or start background work on any input.
const EXCLUDED = new Set(['post /api/auth/logout']);

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
  documented = new DocumentedAnswers((await t.request<OpenApiDocument>('GET', '/api/openapi.json')).body);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Every route but those in EXCLUDED; `reads` picks the GETs, otherwise the writes. */
function routes(reads = false): Route[] {
  return documented
    .operations()
    .filter((route) => !EXCLUDED.has(`${route.method} ${route.path}`) && (route.method === 'get') === reads);
}

/**
 * A fingerprint of every table's content (sessions only by id and revocation: reads slide expiry).
 * Resource versions count by each scope's newest version, wherever it is kept: once a minute the
 * api folds the log into `resource_versions`, which changes rows but not what they say.
 */
async function fingerprint(): Promise<string> {
  const { rows: tables } = await t.sql.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public'
        and tablename not in ('mikro_orm_migrations', 'sessions', 'resource_versions', 'resource_version_log', 'resource_version_flushes')
      order by tablename`,
  );
  const parts = await Promise.all(
    tables.map(async ({ tablename }) => {
      const { rows } = await t.sql.query(
        `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${tablename}" x`,
      );
      return `${tablename}:${rows[0].h}`;
    }),
  );
  const { rows } = await t.sql.query(
    "select md5(coalesce(string_agg(id::text || coalesce(revoked_at::text, ''), '|' order by id), '')) as h from sessions",
  );
  const { rows: versions } = await t.sql.query(
    `select md5(coalesce(string_agg(scope || '=' || version, '|' order by scope), '')) as h
       from (select scope, max(version) as version
               from (select unnest(scopes) as scope, version from resource_version_log
                     union all select scope, version from resource_versions) noted
              group by scope) newest`,
  );
  return `${parts.join(',')},sessions:${rows[0].h},versions:${versions[0].h}`;
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; DROP TABLE members; --",
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '\u0000\u0001\u0007\u001b[31m',
    '\u202e\u200b\ufeff',
    '../../../../etc/passwd',
    // Date extremes: PostgreSQL's and JavaScript's limits, impossible days, the epoch.
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '1970-01-01T00:00:00Z',
    '2026-02-30',
    '24:00',
    '{{7*7}}${7*7}',
    'x'.repeat(20_000),
    '00000000-0000-0000-0000-000000000000',
    'NaN',
    '-1',
  ),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const hostileBody = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'firstName',
      'lastName',
      'content',
      'title',
      'code',
      'type',
      'value',
      'status',
      'contentType',
      'token',
      'userCouponId',
      'qrCodeToken',
      'name',
      'message',
      'date',
      'time',
      'guests',
      'service',
      '__proto__',
      'constructor',
    ),
    hostileValue,
    { maxKeys: 8 },
  ),
  hostileValue,
);
const hostileId = fc.oneof(
  hostileString.filter((s) => s.length > 0 && s.length < 200),
  fc.uuid(),
);

function concrete(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
}

/** No 5xx; the status and body are as documented; an error never leaks a stack or a source path. */
function expectDocumented(route: Route, answer: HttpAnswer) {
  const name = `${route.method} ${route.path}`;
  const problem = documented.problem(route.method, route.path, answer.status, answer.body, answer.headers.get('content-type'));
  expect({ route: name, status: answer.status, serverError: answer.status >= 500, problem }).toEqual({
    route: name,
    status: answer.status,
    serverError: false,
    problem: null,
  });
  if (answer.status >= 400) {
    expect(answer.body).toEqual(expect.objectContaining({ success: false, statusCode: answer.status }));
    expect(JSON.stringify(answer.body)).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
  }
  if (answer.status === 429 || answer.status === 503) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
}

/** The route's documented query parameters, each given a hostile value. */
function hostileQuery(op: Operation, values: string[]): string {
  const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  if (!names.length) return '';
  return `?${new URLSearchParams(names.map((name, i): [string, string] => [name, values[i % values.length]!])).toString()}`;
}

describe('hostile input on every route', () => {
  it('never answers 5xx, always with the error shape, and a refused request changes no row', async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(3);
    for (const route of all) {
      await fc.assert(
        fc.asyncProperty(hostileBody, hostileId, async (body, id) => {
          const before = await fingerprint();
          const answer = await t.request(route.method.toUpperCase(), concrete(route.path, id), { token: adminToken, body });
          expectDocumented(route, answer);
          if (answer.status >= 400) expect(await fingerprint()).toBe(before);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 300_000);

  it('answers every GET with hostile ids and query values as documented, never a 5xx', async () => {
    const reads = routes(true);
    expect(reads.length).toBeGreaterThan(3);
    for (const route of reads) {
      await fc.assert(
        fc.asyncProperty(hostileId, fc.array(hostileString, { minLength: 1, maxLength: 4 }), async (id, values) => {
          const answer = await t.request('GET', `${concrete(route.path, id)}${hostileQuery(route.op, values)}`, {
            token: adminToken,
          });
          expectDocumented(route, answer);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 300_000);

  it.each([
    ['malformed JSON', '{"email": "a@b.c", ', 'application/json'],
    ['a 1 MB body', JSON.stringify({ content: 'x'.repeat(1_100_000) }), 'application/json'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'],
    ['a body that is not JSON', 'email=a@b.c&password=x', 'text/plain'],
    ['2 MiB declared as a PNG image', 'x'.repeat(2 * 1024 * 1024), 'image/png'],
    ['2 MiB of octet-stream', 'x'.repeat(2 * 1024 * 1024), 'application/octet-stream'],
    ['2 MiB of form data', `a=${'x'.repeat(2 * 1024 * 1024)}`, 'application/x-www-form-urlencoded'],
  ])(
    'answers %s with a documented 4xx error on every route',
    async (_, rawBody, contentType) => {
      for (const route of routes()) {
        const answer = await t.request(route.method.toUpperCase(), concrete(route.path, '00000000-0000-4000-8000-000000000000'), {
          token: adminToken,
          rawBody,
          headers: { 'content-type': contentType },
        });
        expectDocumented(route, answer);
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    },
    120_000,
  );
});

describe('HTTP hardening', () => {
  it('sends security headers, and no CORS grant to other origins', async () => {
    const answer = await t.request('GET', '/health/live', { headers: { origin: 'https://evil.example' } });
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(answer.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.request('OPTIONS', '/api/auth/login', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends HSTS only to requests that came over TLS', async () => {
    const plain = await t.request('GET', '/health/live');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const behindTls = await t.request('GET', '/health/live', { headers: { 'x-forwarded-proto': 'https' } });
    expect(behindTls.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const answer = await t.request('POST', '/api/nothing-here', { body: {} });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
