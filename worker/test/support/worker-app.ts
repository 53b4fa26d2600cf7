import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig, workerEnvSchema } from '@nocturne/config';
import { WorkerModule } from '#worker.module.js';

/** Starts the real worker (application context, no HTTP) with the given environment. */
export async function startWorker(
  env: Record<string, string>,
  options: Parameters<typeof WorkerModule.forRoot>[1] = {},
): Promise<INestApplicationContext> {
  const config = loadConfig(workerEnvSchema, { ...env, LOG_LEVEL: 'silent' });
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, options), { logger: false });
  await app.init();
  return app;
}
