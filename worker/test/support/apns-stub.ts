import { createPublicKey, verify } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for APNs, checking each request as Apple's "Sending notification requests
 * to APNs" describes it:
 *   "POST /3/device/<device token>" over HTTP/2 (here cleartext, h2c: loopback only);
 *   "authorization: bearer <provider token>", a JWT whose header has "alg": "ES256" and "kid"
 *   (the key identifier) and whose claims have "iss" (the team id) and "iat" (issued at, seconds),
 *   signed with the .p8 key;
 *   "apns-topic": for Wallet passes, the pass type identifier;
 *   "apns-push-type" set; and an answer of 200 with an "apns-id" header, or an error status
 *   with a JSON body {"reason": ...} — 410 with "Unregistered" for "The device token is no
 *   longer active for the topic", 403 "InvalidProviderToken" for a bad token.
 * Tokens starting with `gone-` are answered 410.
 */
export interface ApnsStub {
  url: string;
  pushes: { token: string; topic: string; pushType: string; body: string }[];
  refused: { token: string; reason: string }[];
  close(): Promise<void>;
}

export async function startApnsStub(expect: { publicKeyPem: string; keyId: string; teamId: string }): Promise<ApnsStub> {
  const publicKey = createPublicKey(expect.publicKeyPem);
  const pushes: ApnsStub['pushes'] = [];
  const refused: ApnsStub['refused'] = [];
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      const path = String(headers[':path']);
      const token = decodeURIComponent(path.replace(/^\/3\/device\//, ''));
      const answer = (status: number, reason?: string) => {
        if (reason) refused.push({ token, reason });
        stream.respond({
          ':status': status,
          'apns-id': '0E4F7D2A-2A3C-4F8B-9D5E-1C2B3A4D5E6F',
          'content-type': 'application/json',
        });
        stream.end(reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: Date.now() } : {}) }) : undefined);
      };
      if (headers[':method'] !== 'POST' || !path.startsWith('/3/device/')) return answer(404, 'BadPath');
      const bearer = /^bearer (.+)$/.exec(String(headers['authorization'] ?? ''))?.[1];
      if (!bearer || !validProviderToken(bearer)) return answer(403, 'InvalidProviderToken');
      if (!headers['apns-topic']) return answer(400, 'MissingTopic');
      if (!headers['apns-push-type']) return answer(400, 'InvalidPushType');
      if (token.startsWith('gone-')) return answer(410, 'Unregistered');
      pushes.push({ token, topic: String(headers['apns-topic']), pushType: String(headers['apns-push-type']), body });
      answer(200);
    });
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function validProviderToken(jwt: string): boolean {
    const [header, claims, signature] = jwt.split('.');
    if (!header || !claims || !signature) return false;
    const h = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; kid?: string };
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { iss?: string; iat?: number };
    if (h.alg !== 'ES256' || h.kid !== expect.keyId || c.iss !== expect.teamId) return false;
    if (typeof c.iat !== 'number' || Math.abs(Date.now() / 1000 - c.iat) > 3600) return false;
    return verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  }

  return {
    url: `http://127.0.0.1:${port}`,
    pushes,
    refused,
    close: async () => {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
