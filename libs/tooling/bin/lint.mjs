#!/usr/bin/env node
// `npm run lint`: ESLint over the whole tree and knip, at once. ESLint runs as two processes that
// share the tree about evenly (api and worker; everything else), each building only its own
// packages' TypeScript programs, so two cores lint together; every file is linted once, with the
// same config as `eslint .`. Each report is printed whole when its process ends; lint fails when
// any fails. Arguments go to both ESLint processes. `npm run lint -- --cache` keeps each one's
// cache under node_modules/.cache/eslint, for reruns on one machine only: ESLint reuses a file's
// result while the file and the config are unchanged, even when a type it imports changed, so
// `npm test` and CI lint without it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = (half) => [
  'node_modules/eslint/bin/eslint.js',
  '--max-warnings=0',
  ...process.argv.slice(2),
  ...(process.argv.includes('--cache') ? ['--cache-location', `node_modules/.cache/eslint/${half}.json`] : []),
];
const FIRST_HALF = ['api', 'worker'];
const tools = [
  { name: `eslint ${FIRST_HALF.join(' ')}`, args: [...eslint('processes'), ...FIRST_HALF] },
  {
    name: 'eslint (the rest)',
    args: [...eslint('rest'), ...FIRST_HALF.flatMap((folder) => ['--ignore-pattern', `${folder}/**`]), '.'],
  },
  { name: 'knip', args: ['node_modules/knip/bin/knip.js'] },
];

const results = await Promise.all(
  tools.map(
    ({ name, args }) =>
      new Promise((resolve) => {
        const started = performance.now();
        const child = spawn(process.execPath, args, {
          cwd: root,
          env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
        });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          process.stdout.write(Buffer.concat(output));
          console.log(`${name}: ${code === 0 ? 'clean' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds}s`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
