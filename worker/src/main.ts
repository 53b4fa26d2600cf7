import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit, workerEnvSchema } from '@nocturne/config';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module.js';

const config = loadConfigOrExit(workerEnvSchema);
// An application context: no HTTP server, only the queue processors.
const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
app.useLogger(app.get(Logger));
app.enableShutdownHooks();
app.get(Logger).log(`Worker started (queues prefixed ${config.REDIS_PREFIX})`);
