import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit, workerEnvSchema } from '@nocturne/config';
import { Logger, PinoLogger } from 'nestjs-pino';
import { WorkerModule } from './worker.module.js';

const config = loadConfigOrExit(workerEnvSchema);
// An application context: no HTTP server, only the queue processors.
const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
const logger = app.get(Logger);
app.useLogger(logger);

let stopping = false;
/**
 * SIGTERM (a rollout, `docker stop`), SIGINT (Ctrl-C) or SIGHUP (its terminal closed): BullMQ
 * stops taking jobs and lets the running ones finish (Nest's shutdown hooks close the workers,
 * queues and pools), said at the start and at the end. A second signal while stopping changes
 * nothing; a job cut short by the orchestrator's grace period is retried by another worker once
 * its lock expires.
 */
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  const started = performance.now();
  logger.log({ signal }, `Worker stopping on ${signal}: finishing running jobs`, 'Shutdown');
  let code = 0;
  try {
    await app.close();
    logger.log({ signal, shutdownMs: Math.round(performance.now() - started) }, 'Worker stopped', 'Shutdown');
  } catch (error) {
    logger.error({ signal, err: error }, 'Worker did not stop cleanly', 'Shutdown');
    code = 1;
  }
  // pino writes asynchronously: the last lines reach stdout before the process ends, not after.
  PinoLogger.root.flush(() => process.exit(code));
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, (received) => void stop(received));

logger.log(`Worker started (queues prefixed ${config.REDIS_PREFIX})`, 'Main');
