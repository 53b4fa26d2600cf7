import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_OVER_BYTES = 32 * 1024;

/** Whether the request's Accept-Encoding takes gzip (not refused with q=0). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** A JSON answer serialized once, and gzipped once when it is large enough to be worth it. */
export interface PreparedJson {
  json: Buffer;
  gzip: Buffer | null;
}

/** The body serialized as Fastify would send it, gzipped as the onSend hook below would. */
export async function prepareJson(body: unknown): Promise<PreparedJson> {
  const json = Buffer.from(JSON.stringify(body));
  return { json, gzip: json.length < COMPRESS_OVER_BYTES ? null : await gzipAsync(json, { level: 4 }) };
}

/**
 * A prepared answer's headers set on the reply, and the bytes to send for this request: gzipped
 * when it takes gzip. The onSend hook leaves them as they are (the encoding is set, or the client
 * refused it).
 */
export function preparedBody(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson): Buffer {
  const vary = reply.getHeader('vary');
  void reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (prepared.gzip === null || !acceptsGzip(request.headers['accept-encoding'])) return prepared.json;
  void reply.header('content-encoding', 'gzip');
  return prepared.gzip;
}

/**
 * Large JSON answers gzipped for clients that take it (tonight's door data for a night of ten
 * thousand cards is 3 MB of JSON, about 1.3 MB gzipped): only over COMPRESS_OVER_BYTES, only JSON
 * the api wrote itself (files and streams go as they are), off the event loop (zlib's threads).
 */
export function registerAnswerCompression(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (reply.getHeader('content-encoding') !== undefined) return payload;
    const vary = reply.getHeader('vary');
    if (!/accept-encoding/i.test(String(vary ?? '')))
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    // The cheap checks first: this runs for every JSON answer, and most are small or asked without gzip.
    if (!acceptsGzip(request.headers['accept-encoding']) || payload.length * 3 < COMPRESS_OVER_BYTES) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_OVER_BYTES) return payload;
    const compressed = await gzipAsync(payload, { level: 4 });
    reply.header('content-encoding', 'gzip');
    reply.header('content-length', compressed.length);
    return compressed;
  });
}
