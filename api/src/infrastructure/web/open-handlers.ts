import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type BeforeApplicationShutdown,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { finalize, type Observable } from 'rxjs';

/** How long a stopping api waits for the route handlers still running. */
const OPEN_HANDLERS_GRACE_MS = 10_000;
/** How long, once they have finished, their connections get to deliver what is left before they are closed. */
const CONNECTIONS_GRACE_MS = 2_000;

/**
 * The route handlers running now, and a bounded end to them when the api stops. Nest has Fastify
 * answer new requests 503 first, and closes the database and Redis pools last; in between:
 *
 * - the handlers already running finish, for at most OPEN_HANDLERS_GRACE_MS. That includes a
 *   handler whose client has hung up (a door phone that lost its signal mid-check): it has no one
 *   to answer, but its writes land whole instead of failing half-way on a closed pool;
 * - then their connections get CONNECTIONS_GRACE_MS to deliver the answers, and whatever is still
 *   open is closed. Otherwise one connection whose client vanished mid-request stays open for
 *   good, and the HTTP server's close, and with it the api's stop, never ends.
 */
@Injectable()
export class OpenHandlers implements NestInterceptor, BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private running = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.running += 1;
    return next.handle().pipe(
      finalize(() => {
        this.running -= 1;
        if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
      }),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.handlersFinished();
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (server?.listening) await this.connectionsClosed(server);
  }

  private async handlersFinished(): Promise<void> {
    if (this.running === 0) return;
    this.logger.log({ handlers: this.running }, `waiting for ${this.running} running request handler(s) to finish`);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => this.idle.push(() => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), OPEN_HANDLERS_GRACE_MS))),
    ]);
    clearTimeout(timer);
    if (!finished)
      this.logger.warn(
        { handlers: this.running },
        `${this.running} request handler(s) still running after ${OPEN_HANDLERS_GRACE_MS} ms; stopping anyway`,
      );
  }

  private async connectionsClosed(server: Server): Promise<void> {
    const open = () => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
    const deadline = Date.now() + CONNECTIONS_GRACE_MS;
    for (;;) {
      server.closeIdleConnections();
      const count = await open();
      if (count === 0) return;
      if (Date.now() >= deadline) {
        this.logger.warn({ connections: count }, `closing ${count} connection(s) still open after ${CONNECTIONS_GRACE_MS} ms`);
        server.closeAllConnections();
        return;
      }
      await delay(50);
    }
  }
}
