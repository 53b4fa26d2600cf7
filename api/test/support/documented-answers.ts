import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Response {
  content?: Record<string, MediaType>;
}
export interface Operation {
  'x-access': 'anyone' | string[];
  requestBody?: unknown;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Record<string, unknown> }[];
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

/**
 * Checks answers against the OpenAPI document the api serves: the status must be one the
 * operation documents (or its `default`), and the body must match that response's schema, extra
 * fields included (the schemas forbid them). Validators are compiled with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1) and cached per response.
 */
export class DocumentedAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(readonly doc: OpenApiDocument) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
  }

  operations(): { method: string; path: string; op: Operation }[] {
    return Object.entries(this.doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method, path, op })),
    );
  }

  /** What is wrong with this answer by the document: null when nothing is. */
  problem(method: string, path: string, status: number, body: unknown, contentType: string | null): string | null {
    const op = this.doc.paths[path]?.[method];
    if (!op) return `${method} ${path} is not in the document`;
    if (status === 304) return body === undefined || body === '' ? null : '304 with a body';
    const key = op.responses[String(status)] ? String(status) : op.responses['default'] && status >= 400 ? 'default' : null;
    if (!key) return `status ${status} is not documented`;
    const cacheKey = `${method} ${path} ${key}`;
    if (!this.validators.has(cacheKey)) {
      const schema = op.responses[key]!.content?.['application/json']?.schema;
      this.validators.set(cacheKey, schema ? this.ajv.compile({ ...schema, components: this.doc.components }) : null);
    }
    const validate = this.validators.get(cacheKey)!;
    if (!validate) return null;
    if (!contentType?.startsWith('application/json'))
      return `answered ${contentType ?? 'no content type'}, documented application/json`;
    if (validate(body)) return null;
    return `body does not match the documented ${key} answer: ${this.ajv.errorsText(validate.errors)}; body ${JSON.stringify(body).slice(0, 300)}`;
  }
}
