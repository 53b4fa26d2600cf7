import { LocalDiskStorage, MAX_UPLOAD_BYTES, type ObjectStorage, verifyUpload } from '@nocturne/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What a request body may be, decided before it is read. Local-storage uploads arrive as raw bytes (PRODUCT.md §7: no form encoding). The upload route is
 * public (the signature authorizes), so everything a request can be refused for without its body
 * is decided before a byte of the body is read: the storage, the signature over key, content type
 * and expiry, and the declared Content-Length. What passes is handed to the route as the request
 * stream, which the handler copies to the file; nothing is buffered.
 */
const MEDIA_BODY = /^(image|video)\/[\w.+-]+$/;
/** The one route that takes raw bytes (LocalUploadController). */
const UPLOAD_ROUTE = '/api/uploads/news/:file';

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isRawBody = (contentType: string | undefined) => {
  const type = mediaType(contentType);
  return MEDIA_BODY.test(type) || type === 'application/octet-stream';
};

/** A refusal decided before the body is read, answered in the one error shape. */
class RawBodyRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Everywhere but the upload route, a raw body is refused before a byte of it is read: 415, so
 * `POST /api/auth/login` with 10 MiB of `image/png` costs no memory.
 */
class UnsupportedRawBody extends RawBodyRefused {
  constructor(contentType: string) {
    super(415, `Content-Type ${contentType.split(';')[0]} is accepted only by the upload route; send application/json`);
  }
}

/**
 * Every other route with a body reads JSON only (PRODUCT.md §7: no form encoding): a form, a
 * multipart or a text/plain body is what a plain HTML form on any other site can post, so it is
 * refused with 415 before it is read or parsed.
 */
class NotJsonBody extends RawBodyRefused {
  constructor(contentType: string) {
    super(415, `Content-Type ${contentType.split(';')[0]} is not accepted; send application/json`);
  }
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** Why an upload is refused before its body is read, or null to let the body through. */
function uploadRefusal(request: FastifyRequest, storage: ObjectStorage, secret: string): RawBodyRefused | null {
  if (!(storage instanceof LocalDiskStorage)) return new RawBodyRefused(404, 'Uploads go to object storage, not to this server');
  const { file } = request.params as { file?: string };
  const query = request.query as { expires?: string; signature?: string };
  const check = verifyUpload(secret, {
    key: `news/${file ?? ''}`,
    contentType: mediaType(request.headers['content-type']),
    expires: Number(query.expires),
    signature: typeof query.signature === 'string' ? query.signature : '',
  });
  if (check === 'invalid') return new RawBodyRefused(403, 'This upload URL is not valid for this file or content type');
  if (check === 'expired') return new RawBodyRefused(403, 'This upload URL has expired; request a new one');
  const declared = request.headers['content-length'];
  if (declared === undefined || !/^\d+$/.test(declared)) return new RawBodyRefused(411, 'Send the file with its Content-Length');
  if (Number(declared) > MAX_UPLOAD_BYTES)
    return new RawBodyRefused(413, `The file is larger than ${MAX_UPLOAD_BYTES} bytes (10 MB)`);
  return null;
}

export function registerRawUploadParser(fastify: FastifyInstance, storage: ObjectStorage, secret: string): void {
  fastify.addHook('preParsing', async (request, reply, payload) => {
    let refusal: RawBodyRefused | null = null;
    if (request.routeOptions.url === UPLOAD_ROUTE) refusal = uploadRefusal(request, storage, secret);
    else if (isRawBody(request.headers['content-type'])) refusal = new UnsupportedRawBody(request.headers['content-type'] ?? '');
    else if (hasBody(request) && mediaType(request.headers['content-type']) !== 'application/json')
      refusal = new NotJsonBody(request.headers['content-type'] ?? 'none');
    if (refusal) {
      // Close the connection once answered: Node would otherwise read the unread body to its end
      // to reuse the connection, which is the very work (up to 10 MB a request) refused here.
      reply.header('connection', 'close');
      throw refusal;
    }
    return payload;
  });
  // The body stays a stream: only the upload route gets this far with one, its size already checked.
  const stream = (_request: unknown, payload: unknown, done: (error: null, body: unknown) => void) => done(null, payload);
  if (!fastify.hasContentTypeParser(MEDIA_BODY)) fastify.addContentTypeParser(MEDIA_BODY, stream);
  if (!fastify.hasContentTypeParser('application/octet-stream')) fastify.addContentTypeParser('application/octet-stream', stream);
}
