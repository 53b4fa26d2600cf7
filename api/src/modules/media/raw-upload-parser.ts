import { MAX_UPLOAD_BYTES } from '@nocturne/storage';
import type { FastifyInstance } from 'fastify';

/**
 * Local-storage uploads arrive as raw bytes (PRODUCT.md §7: no form encoding). The JSON body limit is
 * 1 MiB, so these types get their own parser allowing one byte more than an upload may have:
 * the route can then tell "too large" apart and answer 413 itself, and Fastify cuts off anything
 * bigger still without buffering it.
 */
const MEDIA_BODY = /^(image|video)\/[\w.+-]+$/;
/** The one route that takes raw bytes (LocalUploadController). */
const UPLOAD_ROUTE = '/api/uploads/news/:file';

const isRawBody = (contentType: string | undefined) => {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return MEDIA_BODY.test(type) || type === 'application/octet-stream';
};

/**
 * Everywhere but the upload route, a raw body is refused before a byte of it is read: 415, so
 * `POST /api/auth/login` with 10 MiB of `image/png` costs no memory.
 */
export class UnsupportedRawBody extends Error {
  readonly statusCode = 415;
  constructor(contentType: string) {
    super(`Content-Type ${contentType.split(';')[0]} is accepted only by the upload route; send application/json`);
  }
}

export function registerRawUploadParser(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (isRawBody(request.headers['content-type']) && request.routeOptions.url !== UPLOAD_ROUTE) {
      throw new UnsupportedRawBody(request.headers['content-type'] ?? '');
    }
    return payload;
  });
  const options = { parseAs: 'buffer' as const, bodyLimit: MAX_UPLOAD_BYTES + 1 };
  const passThrough = (_request: unknown, body: string | Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, Buffer.from(body));
  if (!fastify.hasContentTypeParser(MEDIA_BODY)) fastify.addContentTypeParser(MEDIA_BODY, options, passThrough);
  if (!fastify.hasContentTypeParser('application/octet-stream'))
    fastify.addContentTypeParser('application/octet-stream', options, passThrough);
}
