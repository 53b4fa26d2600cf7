import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HAND_WRITTEN_SCHEMA_OBJECTS } from '../migrations/index.js';
import { MIGRATIONS_SOURCE_DIR } from '../orm-config.js';
import { databaseUrlFromEnv, runScript, withOrm } from './cli.js';

// Diffs the entities against the (migrated) database named by DATABASE_URL and writes the SQL as
// a new migration under libs/db/src/migrations. Review it, then add it to migrations/index.ts.
runScript(async () => {
  const name = process.argv[2];
  await withOrm(databaseUrlFromEnv(), async (orm) => {
    const result = await orm.migrator.create(undefined, false, false, name);
    if (!result.fileName) return console.log('No schema changes: no migration written.');
    const file = path.join(MIGRATIONS_SOURCE_DIR, result.fileName);
    const source = await readFile(file, 'utf8');
    const kept = source
      .split('\n')
      .filter((line) => !(line.includes('addSql') && HAND_WRITTEN_SCHEMA_OBJECTS.some((o) => line.includes(o))));
    if (!kept.some((line) => line.includes('addSql'))) {
      const { unlink } = await import('node:fs/promises');
      await unlink(file);
      return console.log('No schema changes: no migration written.');
    }
    await writeFile(file, kept.join('\n'));
    console.log(`Wrote ${result.fileName}; review it and add it to libs/db/src/migrations/index.ts`);
  });
});
