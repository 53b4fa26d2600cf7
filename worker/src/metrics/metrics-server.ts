import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { workerRegistry } from './worker-metrics.js';

/**
 * A small HTTP listener on WORKER_METRICS_PORT (off while unset): GET /metrics for Prometheus,
 * GET /health/live for a liveness probe. Nothing else; the worker takes no requests.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MetricsServer');
  private server?: Server;

  constructor(@InjectConfig() private readonly config: WorkerConfig) {}

  /** The bound port (useful with WORKER_METRICS_PORT=0); undefined while off. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.WORKER_METRICS_PORT;
    if (port === undefined) return;
    this.server = createServer((request, response) => {
      const route = request.method === 'GET' ? new URL(request.url ?? '/', 'http://worker').pathname : undefined;
      if (route === '/metrics') {
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
    this.logger.log(`Metrics at http://${this.config.WORKER_METRICS_HOST}:${this.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
