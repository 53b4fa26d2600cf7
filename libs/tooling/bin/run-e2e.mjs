#!/usr/bin/env node
// Browser tests against the whole stack: builds the api, worker and SPA, creates a throwaway
// database, starts the api (serving the built SPA) and the worker, runs Playwright with the
// system Chromium, then stops everything and drops the database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, must, SERVICE_ENV, SERVICE_NODE_FLAGS, throwawayStack } from './stack-helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const node = process.execPath;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: install Debian's chromium (apt-get install chromium).`);
  process.exit(1);
}

const { serverUrl, database, env } = await throwawayStack('e2e', {
  NODE_ENV: 'test',
  WEB_DIST_DIR: path.join(root, 'web/dist'),
  TRUST_PROXY: '1',
  ADMIN_EMAIL: 'e2e-admin@nocturne.test',
  ADMIN_PASSWORD: 'velvet-rope-staff-2026',
});

const children = [];
let status = 1;
let activeCampaign;
try {
  must('build', ['node_modules/typescript/bin/tsc', '-b']);
  // ActiveCampaign is our stub on loopback (AC's shapes and limits), so the admin's bulk sync
  // really runs. It lives in this process: Playwright below runs asynchronously so it can answer.
  const { ActiveCampaignStub } = await import('../../testing/dist/index.js');
  activeCampaign = await ActiveCampaignStub.start();
  env.AC_API_URL = activeCampaign.url;
  env.AC_API_KEY = activeCampaign.apiToken;
  must('build web', ['node_modules/vite/bin/vite.js', 'build', 'web', '--logLevel', 'warn']);
  must('migrate', ['libs/db/dist/scripts/migrate.js'], env);
  for (const entry of ['api/dist/main.js', 'worker/dist/main.js']) {
    children.push(
      spawn(node, [...SERVICE_NODE_FLAGS, entry], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, ...env, ...SERVICE_ENV },
      }),
    );
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${env.APP_URL}/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the stack did not become ready within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // Extra arguments go to Playwright: `npm run test:e2e -- admin.spec.ts`.
  const playwright = spawn(
    node,
    ['node_modules/@playwright/test/cli.js', 'test', '-c', 'web/playwright.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: env.APP_URL,
        E2E_ADMIN_EMAIL: env.ADMIN_EMAIL,
        E2E_ADMIN_PASSWORD: env.ADMIN_PASSWORD,
        // The throwaway database, for set-up the api has no call for yet (a door account's role).
        E2E_DATABASE_URL: env.DATABASE_URL,
        CHROMIUM_PATH: chromium,
      },
    },
  );
  status = await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(error.message);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode !== null ? null : new Promise((resolve) => child.on('exit', resolve)))),
  );
  await activeCampaign?.close();
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
}
process.exit(status);
