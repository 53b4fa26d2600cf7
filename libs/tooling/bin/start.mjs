#!/usr/bin/env node
// `npm start`: build what needs building, create and migrate the database, load demo content into
// an empty one (not in production), then run the api and the worker until Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_ENV, SERVICE_NODE_FLAGS } from './stack-helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const node = process.execPath;

function step(label, args, env = process.env) {
  console.log(`> ${label}`);
  const result = spawnSync(node, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`${label} failed`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

step('build api and worker', ['node_modules/typescript/bin/tsc', '-b']);
const webBuilt = newestMtime(path.join(root, 'web/dist/index.html'));
const webSources = Math.max(
  ...['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'libs/contracts/src'].map((p) =>
    newestMtime(path.join(root, p)),
  ),
);
if (webBuilt < webSources) step('build web', ['node_modules/vite/bin/vite.js', 'build', 'web', '--logLevel', 'warn']);
// The api runs as nocturne_api, the role the migrations create, which cannot alter, update or
// delete the audit log; migrations, demo content and the worker use DATABASE_URL's owning role.
// Without API_DATABASE_PASSWORD a fresh one is made for this run and set by the migrate step.
const apiDatabasePassword = process.env.API_DATABASE_PASSWORD || randomBytes(24).toString('hex');
const asApiRole = (url) => {
  const parsed = new URL(url);
  parsed.username = 'nocturne_api';
  parsed.password = apiDatabasePassword;
  return parsed.toString();
};
const ownerUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/nocturne';
step('migrate database', ['libs/db/dist/scripts/migrate.js'], { ...process.env, API_DATABASE_PASSWORD: apiDatabasePassword });
if (process.env.NODE_ENV !== 'production') step('demo content', ['api/dist/scripts/seed-demo.js']);

const apiEnv = { ...process.env, DATABASE_URL: asApiRole(ownerUrl) };
if (process.env.DATABASE_REPLICA_URL) apiEnv.DATABASE_REPLICA_URL = asApiRole(process.env.DATABASE_REPLICA_URL);
const children = [
  ['api', 'api/dist/main.js', apiEnv],
  ['worker', 'worker/dist/main.js', process.env],
].map(([name, entry, env]) => {
  const child = spawn(node, [...SERVICE_NODE_FLAGS, entry], { cwd: root, stdio: 'inherit', env: { ...env, ...SERVICE_ENV } });
  child.name = name;
  return child;
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
  // Give graceful shutdown (in-flight requests and jobs) time, then insist.
  setTimeout(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')), 15_000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

let exitCode = 0;
await Promise.all(
  children.map(
    (child) =>
      new Promise((resolve) =>
        child.on('exit', (code, signal) => {
          if (!stopping) {
            console.error(`${child.name} exited (${signal ?? code}); stopping the rest`);
            exitCode = code || 1;
            stop('SIGTERM');
          }
          resolve();
        }),
      ),
  ),
);
process.exit(exitCode);
