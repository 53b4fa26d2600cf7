import { MikroORM } from '@mikro-orm/postgresql';
import { baseEnvSchema, loadConfigOrExit } from '@nocturne/config';
import { createOrmConfig } from '../orm-config.js';

export function databaseUrlFromEnv(): string {
  return loadConfigOrExit(baseEnvSchema.pick({ DATABASE_URL: true })).DATABASE_URL;
}

export async function withOrm<T>(databaseUrl: string, work: (orm: MikroORM) => Promise<T>): Promise<T> {
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 2 }));
  try {
    return await work(orm);
  } finally {
    await orm.close(true);
  }
}

/** Runs a script body, printing a readable failure and exiting non-zero on error. */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
