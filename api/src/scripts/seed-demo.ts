import { EntityManager } from '@mikro-orm/postgresql';
import { Member } from '@nocturne/db';
import { PinoLogger } from 'nestjs-pino';
import { requestCorrelation } from '../infrastructure/outbox/request-correlation.js';
import { seeders } from './seed/seeders.js';
import type { SeedContext } from './seed/seed-context.js';
import { runScript, scriptLogger, withScriptContext } from './script-app.js';

// npm run db:seed: demo content for an empty database; never in production, never twice.
// `npm start` runs it before the api, so it speaks in the api's JSON lines; the demo sign-ins
// alone are plain lines, printed once at the end, for a person to read and copy.
runScript(async () => {
  const logins = await withScriptContext(async (app, config): Promise<string[]> => {
    const logger = scriptLogger('Seed', config.LOG_LEVEL);
    if (config.NODE_ENV === 'production') {
      logger.info('NODE_ENV=production: no demo content.');
      return [];
    }
    const em = app.get(EntityManager).fork();
    if ((await em.count(Member)) > 0) {
      logger.info('The database already has members: demo content not loaded.');
      return [];
    }
    const ctx: SeedContext = { app, em, config, memberIds: [], adminId: '', log: (line) => logger.info(line), logins: [] };
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
    return ctx.logins;
  });
  if (logins.length === 0) return;
  // After the JSON lines (pino writes asynchronously), so the sign-ins are not cut into by one.
  await new Promise<void>((resolve) => PinoLogger.root.flush(() => resolve()));
  process.stdout.write(`\nDemo sign-ins (e-mail / password):\n${logins.map((line) => `  ${line}\n`).join('')}\n`);
});
