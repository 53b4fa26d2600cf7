import { baseEnvSchema, loadConfigOrExit } from '@nocturne/config';
import { pino } from 'pino';
import { databaseNameOf } from '../database-url.js';
import { migrateDatabase } from '../migrate.js';

// `npm run db:migrate`, the migrate Job and compose's migrate service: its lines join the api's and
// the worker's in the same log, so they are pino JSON lines too (MikroORM's through JsonOrmLogger).
const { DATABASE_URL, LOG_LEVEL, API_DATABASE_PASSWORD } = loadConfigOrExit(
  baseEnvSchema.pick({ DATABASE_URL: true, LOG_LEVEL: true, API_DATABASE_PASSWORD: true }),
);
const logger = pino({ level: LOG_LEVEL });
const context = 'Migrate';
const target = databaseNameOf(DATABASE_URL);

let code = 0;
try {
  const applied = await migrateDatabase(DATABASE_URL, { logger, apiRolePassword: API_DATABASE_PASSWORD });
  if (applied.length) logger.info({ context, database: target, applied }, `Applied ${applied.length} migrations to ${target}`);
  else logger.info({ context, database: target }, `${target} is up to date`);
} catch (error) {
  logger.error({ context, database: target, err: error }, `Migrating ${target} failed: ${(error as Error).message}`);
  code = 1;
}
logger.flush(() => process.exit(code));
