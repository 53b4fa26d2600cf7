import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const API_PATHS = /^\/(api|health|metrics|media|admin\/queues)(\/|$)/;

function notFound(reply: FastifyReply, url: string) {
  return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `Route GET:${url} not found` });
}

/**
 * Serves the built SPA from the api's origin: files as they are (hashed assets cached for a year),
 * and index.html for any other page so client-side routes survive a reload.
 */
export async function registerSpa(fastify: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  const available = existsSync(path.join(root, 'index.html'));
  if (available) await fastify.register(fastifyStatic, { root, serve: false });
  fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (API_PATHS.test(url) || !available) return notFound(reply, url);
    const relative = decodeURIComponent(url).replace(/^\/+/, '');
    const file = path.resolve(root, relative);
    if (relative && file.startsWith(`${root}${path.sep}`) && existsSync(file) && statSync(file).isFile()) {
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, { maxAge: immutable ? 31_536_000_000 : 3_600_000, immutable });
    }
    if (path.extname(relative) && !relative.endsWith('.html')) return notFound(reply, url);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { maxAge: 0 });
  });
}
