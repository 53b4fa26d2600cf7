import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { COMPRESS_OVER_BYTES, registerAnswerCompression } from './compress-answers.js';

const big = { members: Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'Jordan', 'bronze', true, false]) };

async function app() {
  const fastify = Fastify();
  registerAnswerCompression(fastify);
  fastify.get('/big', async () => big);
  fastify.get('/small', async () => ({ ok: true }));
  fastify.get('/varies', async (_, reply) => reply.header('vary', 'Accept-Encoding').send(big));
  fastify.get('/text', async (_, reply) => reply.type('text/plain').send('x'.repeat(COMPRESS_OVER_BYTES * 2)));
  await fastify.ready();
  return fastify;
}

describe('answer compression', () => {
  it('gzips a large JSON answer for a client that takes gzip, and the body unzips to the same JSON', async () => {
    const fastify = await app();
    const answer = await fastify.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['vary']).toContain('Accept-Encoding');
    expect(answer.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(gunzipSync(answer.rawPayload).toString('utf8'))).toEqual(big);
    await fastify.close();
  });

  it('sends as they are: a client that does not take gzip (or refuses it), a small answer, an answer that is not JSON', async () => {
    const fastify = await app();
    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0, br' }, { 'accept-encoding': 'identity' }]) {
      const answer = await fastify.inject({ url: '/big', headers });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.json()).toEqual(big);
    }
    const small = await fastify.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect([small.headers['content-encoding'], small.json()]).toEqual([undefined, { ok: true }]);
    const text = await fastify.inject({ url: '/text', headers: { 'accept-encoding': 'gzip' } });
    expect(text.headers['content-encoding']).toBeUndefined();
    await fastify.close();
  });

  it('names Accept-Encoding in Vary once, when the route named it already', async () => {
    const fastify = await app();
    for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
      const answer = await fastify.inject({ url: '/varies', headers });
      expect(answer.headers['vary']).toBe('Accept-Encoding');
    }
    await fastify.close();
  });
});
