import { MAX_UPLOAD_BYTES } from '@nocturne/storage';
import type { FastifyInstance } from 'fastify';

/**
 * Local-storage uploads arrive as raw bytes (SPEC 7: no form encoding). The JSON body limit is
 * 1 MiB, so these types get their own parser allowing one byte more than an upload may have:
 * the route can then tell "too large" apart and answer 413 itself, and Fastify cuts off anything
 * bigger still without buffering it.
 */
const MEDIA_BODY = /^(image|video)\/[\w.+-]+$/;

export function registerRawUploadParser(fastify: FastifyInstance): void {
  const options = { parseAs: 'buffer' as const, bodyLimit: MAX_UPLOAD_BYTES + 1 };
  const passThrough = (_request: unknown, body: string | Buffer, done: (error: null, body: Buffer) => void) => done(null, Buffer.from(body));
  if (!fastify.hasContentTypeParser(MEDIA_BODY)) fastify.addContentTypeParser(MEDIA_BODY, options, passThrough);
  if (!fastify.hasContentTypeParser('application/octet-stream')) fastify.addContentTypeParser('application/octet-stream', options, passThrough);
}
