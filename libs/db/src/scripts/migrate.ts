import { databaseNameOf } from '../database-url.js';
import { migrateDatabase } from '../migrate.js';
import { databaseUrlFromEnv, runScript } from './cli.js';

runScript(async () => {
  const databaseUrl = databaseUrlFromEnv();
  const applied = await migrateDatabase(databaseUrl);
  const target = databaseNameOf(databaseUrl);
  console.log(applied.length ? `Applied to ${target}: ${applied.join(', ')}` : `${target} is up to date`);
});
