import { z } from 'zod';
import { API_DOCS_ASSETS, LiveResponse, ReadyResponse } from '../system.js';
import { ANYONE, endpoint } from '../endpoint.js';

export const scrapeMetrics = endpoint({
  method: 'GET',
  path: '/metrics',
  summary: 'Prometheus metrics (with `Authorization: Bearer <METRICS_TOKEN>` when that is set)',
  access: ANYONE,
  tags: ['health'],
  produces: 'text/plain',
  errors: { 401: 'METRICS_TOKEN is set and the request does not carry it' },
});

export const healthLive = endpoint({
  method: 'GET',
  path: '/health/live',
  summary: 'The process is up',
  access: ANYONE,
  tags: ['health'],
  response: LiveResponse,
});

export const healthReady = endpoint({
  method: 'GET',
  path: '/health/ready',
  summary: '200 only while PostgreSQL and Redis answer',
  access: ANYONE,
  tags: ['health'],
  response: ReadyResponse,
  errors: { 503: 'A dependency is down: `issues` names it (path `database` or `redis`) and why' },
});

export const getOpenApiDocument = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'The OpenAPI 3.1 document of this API',
  access: ANYONE,
  tags: ['docs'],
  response: z.record(z.string(), z.unknown()),
});

export const getApiDocs = endpoint({
  method: 'GET',
  path: '/api/docs',
  summary: 'Swagger UI',
  access: ANYONE,
  tags: ['docs'],
  produces: 'text/html',
});

export const getApiDocsScript = endpoint({
  method: 'GET',
  path: '/api/docs/init.js',
  summary: 'Swagger UI start-up script',
  access: ANYONE,
  tags: ['docs'],
  produces: 'application/javascript',
});

export const getApiDocsAsset = endpoint({
  method: 'GET',
  path: '/api/docs/assets/:file',
  summary: 'Swagger UI assets',
  access: ANYONE,
  tags: ['docs'],
  params: z.object({ file: z.enum(API_DOCS_ASSETS) }),
  errors: { 404: 'No such asset' },
});
