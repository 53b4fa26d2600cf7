import { endpoints } from '@nocturne/contracts';
import { startTestApp, type TestApp } from '@nocturne/testing';
import { DocumentedAnswers } from './support/documented-answers.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const byOperation = (a: { operation: string }, b: { operation: string }) => a.operation.localeCompare(b.operation);

interface Operation {
  operationId: string;
  'x-access': 'anyone' | string[];
  responses: Record<string, unknown>;
}

async function operations(): Promise<{ method: string; path: string; op: Operation }[]> {
  const doc = (await t.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
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
    // Exactly the endpoint list, each operation with who may call it and the list's name.
    const declared = Object.entries(endpoints).map(([name, spec]) => ({
      operation: `${spec.method.toLowerCase()} ${spec.path.replace(/:(\w+)/g, '{$1}')}`,
      name,
      access: spec.access,
    }));
    const documented = ops.map(({ method, path, op }) => ({
      operation: `${method} ${path}`,
      name: op.operationId,
      access: op['x-access'],
    }));
    expect(documented.sort(byOperation)).toEqual(declared.sort(byOperation));
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
});
