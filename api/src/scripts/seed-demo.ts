import { EntityManager } from '@mikro-orm/postgresql';
import { Member } from '@nocturne/db';
import { requestCorrelation } from '../infrastructure/outbox/request-correlation.js';
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
    // The demo content is the demo admin's: staff actions among it (news, coupons) leave their audit
    // rows in that admin's name, once the members seeder has made the account.
    await requestCorrelation.run(
      'seed-demo',
      async () => {
        for (const seed of seeders) await seed(ctx);
      },
      { actor: () => (ctx.adminId ? { id: ctx.adminId, role: 'admin' } : undefined) },
    );
    logger.info('Demo content loaded.');
  });
});
