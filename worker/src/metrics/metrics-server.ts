import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { workerRegistry } from './worker-metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A small HTTP listener on WORKER_METRICS_PORT (off while unset): GET /metrics for Prometheus,
 * behind the api's METRICS_TOKEN when that is set, and GET /health/live for a liveness probe
 * (always open: the kubelet carries no token). Nothing else; the worker takes no requests.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MetricsServer');
  private readonly expectedToken?: Buffer;
  private server?: Server;

  constructor(@InjectConfig() private readonly config: WorkerConfig) {
    this.expectedToken = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : undefined;
  }

  /** The bound port (useful with WORKER_METRICS_PORT=0); undefined while off. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.WORKER_METRICS_PORT;
    if (port === undefined) return;
    this.server = createServer((request, response) => {
      const route = request.method === 'GET' ? new URL(request.url ?? '/', 'http://worker').pathname : undefined;
      if (route === '/metrics' && !this.authorized(request)) {
        response
          .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="metrics"' })
          .end('{"statusCode":401,"error":"Unauthorized","message":"Metrics need their bearer token"}');
      } else if (route === '/metrics') {
        workerRegistry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': workerRegistry.contentType }).end(text),
          () => response.writeHead(500).end(),
        );
      } else if (route === '/health/live') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject).listen(port, this.config.WORKER_METRICS_HOST, () => resolve());
    });
    this.logger.log(
      `Metrics at http://${this.config.WORKER_METRICS_HOST}:${this.port}/metrics${this.expectedToken ? ' (bearer token required)' : ''}`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Open while METRICS_TOKEN is unset; otherwise only `Authorization: Bearer <METRICS_TOKEN>`, as on the api. */
  private authorized(request: IncomingMessage): boolean {
    if (!this.expectedToken) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    // Compared as digests: same length whatever was sent, so the comparison's time says nothing.
    return match !== null && timingSafeEqual(digest(match[1]!), this.expectedToken);
  }
}
