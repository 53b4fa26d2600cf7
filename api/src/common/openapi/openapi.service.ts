import { Injectable } from '@nestjs/common';
import { gzipSync } from 'node:zlib';
import { endpoints, ErrorResponse, type EndpointSpec, STEP_UP_ENDPOINTS } from '@nocturne/contracts';
import { ROLES, roleRefusal, SECOND_FACTOR_AGAIN } from '@nocturne/domain';
import { z } from 'zod';
import type { PreparedJson } from '#infrastructure/web/compress-answers.js';
import { toOpenApiPath } from './route-paths.js';

/** Dangerous staff actions: their 403 also covers the second factor asked for again. */
const STEP_UP = new Set<string>(STEP_UP_ENDPOINTS);

const byPath = (a: EndpointSpec, b: EndpointSpec) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method);

type JsonSchema = Record<string, unknown>;

/** Constraints a `.pipe()`'s second stage adds that the first stage's schema does not show. */
const PIPED_CONSTRAINTS = ['enum', 'const', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum'] as const;

/**
 * In a request schema a `.pipe()` is documented by its first stage only, so `z.string().trim()
 * .pipe(z.email())` read as any string. Its second stage's checks are added (unless that stage is a
 * transform, which documents nothing).
 */
function documentPipedChecks({ zodSchema, jsonSchema: schema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  const def = zodSchema._zod.def;
  if (def.type !== 'pipe') return;
  const out = (def as z.core.$ZodPipeDef).out;
  if (out._zod.def.type === 'transform') return;
  const checks = z.toJSONSchema(out, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  for (const key of PIPED_CONSTRAINTS) if (checks[key] !== undefined) schema[key] ??= checks[key];
}

/**
 * JSON Schema of a contract. Schemas with a `.meta({ id })` become shared components: their
 * `$defs` move to `components.schemas` and references are rewritten to point there.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const raw = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: documentPipedChecks,
  }) as JsonSchema;
  const text = JSON.stringify(raw).replace(
    /"#\/\$defs\/([^"]+)"/g,
    (_, id: string) => `"#/components/schemas/${id}${io === 'input' ? 'Input' : ''}"`,
  );
  const result = JSON.parse(text) as JsonSchema;
  const defs = (result['$defs'] ?? {}) as Record<string, JsonSchema>;
  for (const [id, def] of Object.entries(defs)) components[`${id}${io === 'input' ? 'Input' : ''}`] = def;
  delete result['$defs'];
  delete result['$schema'];
  return result;
}

/** Builds the OpenAPI 3.1 document from the endpoint list: one source for docs, validation and the web's client. */
@Injectable()
export class OpenApiService {
  private document?: Record<string, unknown>;
  private bytes?: PreparedJson;

  /**
   * The document as its endpoint sends it: serialized once and gzipped once. Twenty clients
   * reading it (355 KB) had every answer serialized and compressed again, which took the api to
   * 1.1 GB of resident memory at a million members' bench:scale.
   */
  answer(): PreparedJson {
    if (!this.bytes) {
      const json = Buffer.from(JSON.stringify(this.build()));
      this.bytes = { json, gzip: gzipSync(json, { level: 9 }) };
    }
    return this.bytes;
  }

  build(): Record<string, unknown> {
    if (this.document) return this.document;
    const paths: Record<string, Record<string, unknown>> = {};
    const components: Record<string, JsonSchema> = {};
    const errorSchema = jsonSchema(ErrorResponse, 'output', components);
    if (errorSchema['$ref'] === undefined) components['ErrorResponse'] = errorSchema;
    const list: [string, EndpointSpec][] = Object.entries(endpoints);
    for (const [name, spec] of list.sort(([, a], [, b]) => byPath(a, b))) {
      const method = spec.method.toLowerCase();
      const path = spec.path;
      const operation: Record<string, unknown> = {
        summary: spec.summary,
        tags: spec.tags ?? [path.split('/')[2] ?? 'default'],
        operationId: name,
        'x-access': spec.access,
        description: spec.access === 'anyone' ? 'Anyone may call it.' : `Who may call it: ${spec.access.join(', ')}.`,
      };
      if (spec.access !== 'anyone') operation['security'] = [{ session: [] }];
      const parameters: unknown[] = [];
      for (const [location, schema] of [
        ['path', spec.params],
        ['query', spec.query],
      ] as const) {
        if (!schema) continue;
        const object = jsonSchema(schema, 'input', components) as {
          properties?: Record<string, JsonSchema>;
          required?: string[];
        };
        for (const [name, property] of Object.entries(object.properties ?? {})) {
          parameters.push({
            name,
            in: location,
            required: location === 'path' || (object.required ?? []).includes(name),
            schema: property,
          });
        }
      }
      for (const match of path.matchAll(/\{(\w+)\}/g)) {
        if (!parameters.some((p) => (p as { name: string }).name === match[1])) {
          parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
        }
      }
      if (parameters.length) operation['parameters'] = parameters;
      if (spec.body) {
        operation['requestBody'] = {
          required: true,
          content: { 'application/json': { schema: jsonSchema(spec.body, 'input', components) } },
        };
      }
      const status = String(spec.status ?? 200);
      const responses: Record<string, unknown> = {
        [status]: spec.response
          ? {
              description: 'OK',
              content: { [spec.produces ?? 'application/json']: { schema: jsonSchema(spec.response, 'output', components) } },
            }
          : { description: 'OK' },
      };
      if (spec.conditional) {
        operation['parameters'] = [
          ...((operation['parameters'] as unknown[] | undefined) ?? []),
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            schema: { type: 'string' },
            description: 'The ETag of the answer the client holds',
          },
        ];
        const ok = responses[status] as Record<string, unknown>;
        ok['headers'] = {
          ETag: { description: 'Weak validator of this answer; send it back as If-None-Match', schema: { type: 'string' } },
          'Cache-Control': { description: '`private, no-cache`: keep it, but revalidate before use', schema: { type: 'string' } },
        };
        responses['304'] = { description: 'Not Modified: the answer is the one whose ETag was sent; no body' };
      }
      const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } };
      const errors: Record<number, string | undefined> = { ...spec.errors };
      if (spec.body || spec.query || spec.params) errors[400] ??= 'Invalid input; `issues` names each field';
      if (spec.access !== 'anyone') errors[401] ??= 'No valid session';
      if (spec.access !== 'anyone' && spec.access.length < ROLES.length) errors[403] ??= roleRefusal(spec.access);
      if (STEP_UP.has(name))
        errors[403] =
          `${errors[403] ?? ''} Also 403 when the session gave its second factor more than 15 minutes ago: "${SECOND_FACTOR_AGAIN}" (give it again with POST /api/auth/2fa/verify or a passkey, then repeat the request).`.trim();
      for (const [code, description] of Object.entries(errors)) responses[code] = { description, content: errorContent };
      // Any route can also meet a limiter (429), a body it refuses (413, 415) or a dependency away (503).
      responses['default'] = { description: 'Any other error, in the same shape', content: errorContent };
      operation['responses'] = responses;
      (paths[toOpenApiPath(path)] ??= {})[method] = operation;
    }
    this.document = {
      openapi: '3.1.0',
      info: {
        title: 'Nocturne API',
        version: '1.0.0',
        description:
          'Members club, news, coupons and venue requests. Authenticated calls send `Authorization: Bearer {sessionId}`.',
      },
      paths,
      components: {
        securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'The sessionId from sign-in' } },
        schemas: components,
      },
    };
    return this.document;
  }
}
