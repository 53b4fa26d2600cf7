import { startTestApp, type TestApp, registerMember } from '@nocturne/testing';
import { DocumentedAnswers, type OpenApiDocument } from './support/documented-answers.js';

let t: TestApp;
let memberToken: string;

beforeAll(async () => {
  t = await startTestApp();
  memberToken = (await registerMember(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

interface Operation {
  'x-access': 'public' | 'member' | 'admin';
  responses: Record<string, unknown>;
}

async function operations(): Promise<{ method: string; path: string; op: Operation }[]> {
  const doc = (await t.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
}

/** A concrete URL for a templated path: ids become a well-formed UUID that matches nothing. */
function concrete(path: string): string {
  return path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
}

describe('OpenAPI document', () => {
  it('documents every route with its access level, and the error shape', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.ErrorResponse.required).toEqual(expect.arrayContaining(['statusCode', 'error', 'message']));
    const ops = await operations();
    const paths = ops.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register',
        'POST /api/auth/login',
        'GET /api/auth/me',
        'GET /health/ready',
        'GET /metrics',
      ]),
    );
    for (const { op } of ops) expect(['public', 'member', 'admin']).toContain(op['x-access']);
  });

  it('documents the checks behind a pipe in request schemas (e-mail format, content-type enum)', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    const schemaOf = (path: string) => {
      const schema = doc.paths[path].post.requestBody.content['application/json'].schema;
      return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    };
    expect(schemaOf('/api/auth/register').properties.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(schemaOf('/api/admin/upload/sign').properties.contentType.enum).toEqual(
      expect.arrayContaining(['image/png', 'video/mp4']),
    );
  });

  it('describes every error body exactly: success, statusCode, error, message, issues, retryAfter and nothing else', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    const error = doc.components.schemas.ErrorResponse;
    expect(Object.keys(error.properties).sort()).toEqual(['error', 'issues', 'message', 'retryAfter', 'statusCode', 'success']);
    expect(error.additionalProperties).toBe(false);
    const documented = new DocumentedAnswers(doc);
    const limited = await t.request('POST', '/api/auth/login', { body: { email: 'no@example.com', password: 'x' } });
    expect(
      documented.problem('post', '/api/auth/login', limited.status, limited.body, limited.headers.get('content-type')),
    ).toBeNull();
    expect(documented.problem('post', '/api/auth/login', 401, { ...limited.body, extra: 1 }, 'application/json')).toMatch(
      /additional/,
    );
  });

  it('serves Swagger UI without inline scripts', async () => {
    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    expect((await t.request('GET', '/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('guards every route as documented: 401 without a session, 403 for members on admin routes', async () => {
    const documented = new DocumentedAnswers((await t.request<OpenApiDocument>('GET', '/api/openapi.json')).body);
    const ops = await operations();
    const guarded = ops.filter(({ op }) => op['x-access'] !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const { method, path, op } of guarded) {
      const anonymous = await t.request(method.toUpperCase(), concrete(path), { body: method === 'get' ? undefined : {} });
      expect({ route: `${method} ${path}`, status: anonymous.status }).toEqual({ route: `${method} ${path}`, status: 401 });
      expect(
        documented.problem(method, path, anonymous.status, anonymous.body, anonymous.headers.get('content-type')),
      ).toBeNull();
      if (op['x-access'] === 'admin') {
        const member = await t.request(method.toUpperCase(), concrete(path), {
          token: memberToken,
          body: method === 'get' ? undefined : {},
        });
        expect({ route: `${method} ${path}`, status: member.status }).toEqual({ route: `${method} ${path}`, status: 403 });
      }
    }
  });
});
