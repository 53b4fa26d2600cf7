import net from 'node:net';

export interface ProxyTarget {
  host: string;
  port: number;
}

/**
 * A loopback TCP proxy for fault tests: it forwards to a real server and can cut every
 * connection (and refuse new ones), add latency, or reset connections, then recover.
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private mode: 'open' | 'cut' = 'open';
  private delayMs = 0;
  port = 0;
  /** Connections attempted through this proxy so far, refused ones included. */
  attempts = 0;

  constructor(private readonly target: ProxyTarget) {}

  static forUrl(url: string): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy({
      host: parsed.hostname,
      port: Number(parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432)),
    });
  }

  async start(): Promise<number> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** The same URL, pointed at this proxy. */
  urlFor(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Drops every open connection with a reset and refuses new ones until restore(). */
  cut(): void {
    this.mode = 'cut';
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  restore(): void {
    this.mode = 'open';
  }

  /** Resets every open connection once; new ones are accepted. */
  resetConnections(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  /** Adds latency to every chunk forwarded in either direction. */
  setDelay(ms: number): void {
    this.delayMs = ms;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: net.Socket): void {
    this.attempts += 1;
    if (this.mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    this.pipe(client, upstream);
    this.pipe(upstream, client);
  }

  private pipe(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk) => {
      if (this.delayMs > 0) {
        from.pause();
        setTimeout(() => {
          if (!to.destroyed) to.write(chunk);
          from.resume();
        }, this.delayMs);
      } else if (!to.destroyed) {
        to.write(chunk);
      }
    });
  }
}
