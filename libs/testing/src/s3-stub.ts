import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(response: http.ServerResponse, status: number, code: string, message: string): void {
  const body =
    status === 404 || status === 403
      ? `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`
      : '';
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(body);
}

/**
 * An S3-compatible server on loopback for tests: path-style PUT/GET (with Range)/HEAD/DELETE of
 * objects, buckets created on first use. Presigned URLs are checked as S3 checks them (SigV4
 * signature over method, path, query and signed headers, and expiry), so a tampered key, a wrong
 * content type or an expired URL is refused with 403. Header-signed SDK calls only need the right
 * access key id.
 */
export class S3Stub {
  readonly accessKeyId = 'test-access-key';
  readonly secretAccessKey = 'test-secret-key-for-the-s3-stub';
  readonly region = 'us-east-1';
  private readonly objects = new Map<string, StoredObject>();
  private server?: http.Server;
  endpoint = '';

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, Buffer.concat(chunks), response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.endpoint;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Keys stored in a bucket, sorted. */
  keys(bucket: string): string[] {
    return [...this.objects.keys()]
      .filter((id) => id.startsWith(`${bucket}/`))
      .map((id) => id.slice(bucket.length + 1))
      .sort();
  }

  get(bucket: string, key: string): Buffer | undefined {
    return this.objects.get(`${bucket}/${key}`)?.body;
  }

  put(bucket: string, key: string, body: Buffer, contentType = 'application/octet-stream'): void {
    this.objects.set(`${bucket}/${key}`, { body, contentType });
  }

  private handle(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://stub');
    const refusal = this.authorize(request, url);
    if (refusal) return xmlError(response, 403, refusal.code, refusal.message);
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const id = `${bucket}/${key}`;
    if (!key) {
      response.writeHead(200).end();
      return;
    }
    const method = request.method ?? 'GET';
    if (method === 'PUT') {
      this.objects.set(id, { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      return;
    }
    if (method === 'DELETE') {
      this.objects.delete(id);
      response.writeHead(204).end();
      return;
    }
    const object = this.objects.get(id);
    if (!object) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
    const contentType = url.searchParams.get('response-content-type') ?? object.contentType;
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    let slice = object.body;
    const headers: Record<string, string | number> = { 'content-type': contentType, 'accept-ranges': 'bytes' };
    let status = 200;
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
      slice = object.body.subarray(start, end + 1);
      headers['content-range'] = `bytes ${start}-${end}/${object.body.length}`;
      status = 206;
    }
    headers['content-length'] = slice.length;
    response.writeHead(status, headers);
    response.end(method === 'HEAD' ? undefined : slice);
  }

  private authorize(request: http.IncomingMessage, url: URL): { code: string; message: string } | null {
    const query = url.searchParams;
    if (!query.has('X-Amz-Signature')) {
      const authorization = request.headers.authorization ?? '';
      return authorization.includes(`Credential=${this.accessKeyId}/`)
        ? null
        : { code: 'InvalidAccessKeyId', message: 'Unknown access key' };
    }
    const [accessKeyId, date, region, service] = (query.get('X-Amz-Credential') ?? '').split('/');
    if (accessKeyId !== this.accessKeyId) return { code: 'InvalidAccessKeyId', message: 'Unknown access key' };
    const amzDate = query.get('X-Amz-Date') ?? '';
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (Date.now() > signedAt + Number(query.get('X-Amz-Expires')) * 1000)
      return { code: 'AccessDenied', message: 'Request has expired' };
    const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
    const canonicalQuery = [...query.entries()]
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [rfc3986(name), rfc3986(value)])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('');
    const canonicalRequest = [
      request.method,
      url.pathname,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders.join(';'),
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const scope = `${date}/${region}/${service}/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = ['aws4_request'].reduce(
      (key, part) => hmac(key, part),
      hmac(hmac(hmac(`AWS4${this.secretAccessKey}`, date!), region!), service!),
    );
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    return expected === query.get('X-Amz-Signature')
      ? null
      : {
          code: 'SignatureDoesNotMatch',
          message: 'The request signature we calculated does not match the signature you provided.',
        };
  }
}
