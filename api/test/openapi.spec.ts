import { startTestApp, type TestApp, registerMember } from '@nocturne/testing';

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
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));
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
    expect(paths).toEqual(expect.arrayContaining(['POST /api/auth/register', 'POST /api/auth/login', 'GET /api/auth/me', 'GET /health/ready', 'GET /metrics']));
    for (const { op } of ops) expect(['public', 'member', 'admin']).toContain(op['x-access']);
  });

  it('serves Swagger UI without inline scripts', async () => {
    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    expect((await t.request('GET', '/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('guards every route as documented: 401 without a session, 403 for members on admin routes', async () => {
    const ops = await operations();
    const guarded = ops.filter(({ op }) => op['x-access'] !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const { method, path, op } of guarded) {
      const anonymous = await t.request(method.toUpperCase(), concrete(path), { body: method === 'get' ? undefined : {} });
      expect({ route: `${method} ${path}`, status: anonymous.status }).toEqual({ route: `${method} ${path}`, status: 401 });
      if (op['x-access'] === 'admin') {
        const member = await t.request(method.toUpperCase(), concrete(path), { token: memberToken, body: method === 'get' ? undefined : {} });
        expect({ route: `${method} ${path}`, status: member.status }).toEqual({ route: `${method} ${path}`, status: 403 });
      }
    }
  });
});
