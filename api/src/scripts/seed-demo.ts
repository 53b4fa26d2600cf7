import { EntityManager } from '@mikro-orm/postgresql';
import { Member } from '@nocturne/db';
import { seeders } from './seed/seeders.js';
import type { SeedContext } from './seed/seed-context.js';
import { runScript, scriptLogger, withScriptContext } from './script-app.js';

// npm run db:seed: demo content for an empty database; never in production, never twice.
// `npm start` runs it before the api, so it speaks in the api's JSON lines.
runScript(async () => {
  await withScriptContext(async (app, config) => {
    const logger = scriptLogger('Seed', config.LOG_LEVEL);
    if (config.NODE_ENV === 'production') {
      logger.info('NODE_ENV=production: no demo content.');
      return;
    }
    const em = app.get(EntityManager).fork();
    if ((await em.count(Member)) > 0) {
      logger.info('The database already has members: demo content not loaded.');
      return;
    }
    const ctx: SeedContext = { app, em, config, memberIds: [], adminId: '', log: (line) => logger.info(line) };
    for (const seed of seeders) await seed(ctx);
    logger.info('Demo content loaded.');
  });
});
