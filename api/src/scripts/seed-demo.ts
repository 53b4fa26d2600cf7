import { EntityManager } from '@mikro-orm/postgresql';
import { Member } from '@nocturne/db';
import { seeders } from './seed/seeders.js';
import type { SeedContext } from './seed/seed-context.js';
import { runScript, withScriptContext } from './script-app.js';

// npm run db:seed: demo content for an empty database; never in production, never twice.
runScript(async () => {
  await withScriptContext(async (app, config) => {
    if (config.NODE_ENV === 'production') {
      console.log('NODE_ENV=production: no demo content.');
      return;
    }
    const em = app.get(EntityManager).fork();
    if ((await em.count(Member)) > 0) {
      console.log('The database already has members: demo content not loaded.');
      return;
    }
    const ctx: SeedContext = { app, em, config, memberIds: [], adminId: '', log: (line) => console.log(line) };
    for (const seed of seeders) await seed(ctx);
    console.log('Demo content loaded.');
  });
});
