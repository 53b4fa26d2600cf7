import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { apiEnvSchema, loadConfigOrExit } from '@nocturne/config';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { Logger as Pino, LevelWithSilent } from 'pino';
import { AppModule } from '../app.module.js';
import type { ApiConfig } from '../config/api-config.js';

/**
 * The api's modules without the HTTP server, for command-line scripts (admin:create, db:seed,
 * ledger:verify): same config, same services, same rules. What the modules log goes out as the
 * api's pino JSON lines (`npm start` seeds into the same log the api then writes), warnings and
 * errors only: the framework's start-up lines say nothing about the script.
 */
export async function withScriptContext<T>(work: (app: INestApplicationContext, config: ApiConfig) => Promise<T>): Promise<T> {
  const config = loadConfigOrExit(apiEnvSchema);
  const quiet = { ...config, LOG_LEVEL: 'warn' as const };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(quiet), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  try {
    return await work(app, config);
  } finally {
    await app.close();
  }
}

/** The script's own JSON lines, at LOG_LEVEL, on the modules' logger (one stream, flushed by runScript). */
export function scriptLogger(context: string, level: LevelWithSilent): Pino {
  return PinoLogger.root.child({ context }, { level });
}

export function runScript(main: () => Promise<number | void>): void {
  // pino writes asynchronously: its last lines go out before the process ends.
  const exit = (code: number) => (PinoLogger.root ? PinoLogger.root.flush(() => process.exit(code)) : process.exit(code));
  main().then(
    (code) => exit(code ?? 0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      exit(1);
    },
  );
}

/** `--name value` pairs from argv. */
export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    flags[name] = inline ?? argv[i + 1] ?? '';
    if (inline === undefined) i += 1;
  }
  return flags;
}
