import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import http2, { type ClientHttp2Session } from 'node:http2';

/**
 * A pass-update push to APNs, as Apple documents it ("Sending notification requests to APNs"):
 * "POST /3/device/<device token>" over HTTP/2, with "authorization: bearer <provider token>" (a
 * JWT signed with ES256 whose header names the key, "kid", and whose claims are "iss" = the team
 * id and "iat" = when it was made; APNs refuses tokens older than an hour, and one refreshed more
 * often than every 20 minutes), "apns-topic" (for a pass: its pass type id) and "apns-push-type".
 * Wallet's update push carries no content: PassKit's guide says the payload is empty (`{}`), the
 * device then asks the web service which passes changed.
 */
export interface ApnsSettings {
  /** https://api.push.apple.com, or a stand-in's address in tests. */
  url: string;
  /** The .p8 key (PEM) and its key id, and the team that owns it. */
  keyPem: string;
  keyId: string;
  teamId: string;
  /** The pass type id. */
  topic: string;
  /** Requests in flight at once on the session. */
  concurrency?: number;
}

export type PushOutcome = { token: string; status: number; reason?: string };

/** A provider token lives up to an hour; a new one every 40 minutes stays clear of APNs' refresh limit. */
const TOKEN_LIFETIME_MS = 40 * 60 * 1000;

/** One pooled HTTP/2 session to APNs; pushes share it, a bounded number in flight at once. */
export class ApnsClient {
  private session: ClientHttp2Session | undefined;
  private readonly key: KeyObject;
  private token: { value: string; madeAt: number } | undefined;

  constructor(
    private readonly settings: ApnsSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createPrivateKey(settings.keyPem);
  }

  /** Pushes to every device token, at most `concurrency` at once; answers each one's status. */
  async pushAll(tokens: readonly string[]): Promise<PushOutcome[]> {
    const outcomes: PushOutcome[] = [];
    let next = 0;
    const lane = async () => {
      while (next < tokens.length) {
        const token = tokens[next++]!;
        outcomes.push(await this.push(token));
      }
    };
    const lanes = Math.max(1, Math.min(this.settings.concurrency ?? 100, tokens.length));
    await Promise.all(Array.from({ length: lanes }, lane));
    return outcomes;
  }

  /** One push; network failures reject (the job is retried), APNs' answers resolve with their status. */
  push(deviceToken: string): Promise<PushOutcome> {
    const session = this.connect();
    return new Promise((resolve, reject) => {
      const request = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
        authorization: `bearer ${this.providerToken()}`,
        'apns-topic': this.settings.topic,
        'apns-push-type': 'background',
        'apns-priority': '5',
        'content-type': 'application/json',
      });
      let status = 0;
      let body = '';
      request.setEncoding('utf8');
      request.on('response', (headers) => (status = Number(headers[':status'])));
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        let reason: string | undefined;
        if (body) {
          try {
            reason = (JSON.parse(body) as { reason?: string }).reason;
          } catch {
            reason = body.slice(0, 200);
          }
        }
        resolve(reason === undefined ? { token: deviceToken, status } : { token: deviceToken, status, reason });
      });
      request.on('error', reject);
      request.end('{}');
    });
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
  }

  private connect(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = http2.connect(this.settings.url);
    session.on('error', () => {
      // Requests in flight fail with it; the next push opens a new session.
      if (this.session === session) this.session = undefined;
    });
    session.on('close', () => {
      if (this.session === session) this.session = undefined;
    });
    session.unref();
    this.session = session;
    return session;
  }

  private providerToken(): string {
    const now = this.now();
    if (this.token && now - this.token.madeAt < TOKEN_LIFETIME_MS) return this.token.value;
    const header = base64url(JSON.stringify({ alg: 'ES256', kid: this.settings.keyId }));
    const claims = base64url(JSON.stringify({ iss: this.settings.teamId, iat: Math.floor(now / 1000) }));
    const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: this.key, dsaEncoding: 'ieee-p1363' });
    this.token = { value: `${header}.${claims}.${signature.toString('base64url')}`, madeAt: now };
    return this.token.value;
  }
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}
