import { apiEnvSchema, loadConfigOrExit } from '@nocturne/config';
import { Logger, PinoLogger } from 'nestjs-pino';
import { createApp } from './app.factory.js';

const config = loadConfigOrExit(apiEnvSchema);
const app = await createApp(config);
const logger = app.get(Logger);

let stopping = false;
/**
 * SIGTERM (a rollout, `docker stop`), SIGINT (Ctrl-C) or SIGHUP (its terminal closed): close the
 * listener, let open requests finish and release the pools (Nest's shutdown hooks), saying so at
 * the start and at the end. A second signal while stopping changes nothing; the orchestrator's
 * grace period is the limit.
 */
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  const started = performance.now();
  logger.log({ signal }, `api stopping on ${signal}: finishing open requests`, 'Shutdown');
  let code = 0;
  try {
    await app.close();
    logger.log({ signal, shutdownMs: Math.round(performance.now() - started) }, 'api stopped', 'Shutdown');
  } catch (error) {
    logger.error({ signal, err: error }, 'api did not stop cleanly', 'Shutdown');
    code = 1;
  }
  // pino writes asynchronously: the last lines reach stdout before the process ends, not after.
  PinoLogger.root.flush(() => process.exit(code));
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, (received) => void stop(received));

await app.listen({ port: config.PORT, host: config.HOST });
logger.log(`api listening on http://${config.HOST}:${config.PORT}`, 'Main');
