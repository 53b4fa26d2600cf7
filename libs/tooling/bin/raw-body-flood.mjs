#!/usr/bin/env node
// Peak RSS of a built api (api/dist) under 40, then 100, parallel 10 MiB image/png POSTs to
// /api/auth/login (issue: every route buffered raw bodies). Needs a migrated database:
//   node libs/tooling/bin/raw-body-flood.mjs <repo dir> <database name>
// TP sets TRUST_PROXY for api builds that predate hop counts (TP=true).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SERVICE_ENV, SERVICE_NODE_FLAGS } from './stack-helpers.mjs';
const [dir, dbName] = process.argv.slice(2);
const port = 18000 + Math.floor(Math.random() * 1000);
const env = {
  ...process.env,
  ...SERVICE_ENV,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/${dbName}`,
  REDIS_PREFIX: `flood${port}`,
  WEB_DIST_DIR: '/nonexistent',
  TRUST_PROXY: process.env.TP ?? '1',
};
const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, `${dir}/api/dist/main.js`], { env, stdio: 'ignore' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
// VmHWM: the process's peak resident set so far.
const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
for (let i = 0; i < 100; i++) {
  const up = await fetch(`http://127.0.0.1:${port}/health/live`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  await sleep(200);
}
await sleep(1000);
const body = Buffer.alloc(10 * 1024 * 1024, 120);
const out = { idle: Math.round(rss()) };
for (const n of [40, 100]) {
  const statuses = {};
  await Promise.all(
    Array.from({ length: n }, () =>
      fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'image/png' }, body }).then(
        (r) => {
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        },
        () => {
          statuses.err = (statuses.err ?? 0) + 1;
        },
      ),
    ),
  );
  out[`peak after ${n}`] = Math.round(hwm());
  out[`statuses ${n}`] = statuses;
}
console.log(JSON.stringify(out));
child.kill('SIGTERM');
