import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { logRequests } from './request-log.js';

// The request line on a bare Fastify with a pino logger like the api's (its req/res serializers
// included): one line per answer, at error for a 5xx, none for health checks and scrapes.
let fastify: FastifyInstance;
const written: Record<string, any>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(
        ...chunk
          .toString('utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, any>),
      );
      done();
    },
  });
  // pino-http's serializers expect Node's request and response; the hook's line must survive them.
  const root = pino({ level: 'info', serializers: { req: () => 'serialized', res: () => 'serialized' } }, sink);
  // As the api does (app.factory.ts): the request id from X-Request-Id.
  fastify = Fastify({ genReqId: (request) => String(request.headers['x-request-id']) });
  logRequests(fastify, () => root);
  fastify.get('/api/venue', async () => ({ ok: true }));
  fastify.get('/api/broken', async (_request, reply) => reply.status(503).send({ ok: false }));
  fastify.get('/health/live', async () => ({ status: 'ok' }));
  fastify.get('/health/ready', async () => ({ status: 'ok' }));
  fastify.get('/metrics', async () => '');
  await fastify.ready();
});
afterAll(() => fastify.close());

const lineFor = (id: string) => written.filter((line) => line['req']?.id === id);
const ask = (url: string, headers: Record<string, string> = {}) => {
  const id = `req-${Math.random().toString(36).slice(2)}`;
  return fastify.inject({ url, headers: { ...headers, 'x-request-id': id } }).then((answer) => ({ id, answer }));
};

describe('the request log line', () => {
  it('says what was asked and answered, at info', async () => {
    const { id } = await ask('/api/venue?x=1', { authorization: 'Bearer secret-session' });
    expect(lineFor(id)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { id, method: 'GET', url: '/api/venue?x=1', route: '/api/venue', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(written)).not.toContain('secret-session');
  });

  it('is an error for a 5xx', async () => {
    const { id } = await ask('/api/broken');
    expect(lineFor(id)).toEqual([expect.objectContaining({ level: 50, msg: 'request errored', res: { statusCode: 503 } })]);
  });

  it('names no route for a path nothing answers', async () => {
    const { id } = await ask('/nothing/here');
    expect(lineFor(id)).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ url: '/nothing/here', route: null }), res: { statusCode: 404 } }),
    ]);
  });

  it('is not written for health checks and scrapes, query strings included', async () => {
    const before = written.length;
    for (const url of ['/health/live', '/health/ready', '/metrics', '/metrics?name[]=up']) {
      expect((await ask(url)).answer.statusCode).toBe(200);
    }
    expect(written.slice(before)).toEqual([]);
  });
});
