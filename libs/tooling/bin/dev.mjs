#!/usr/bin/env node
// `npm run dev`: TypeScript in watch mode, api and worker restarted on change, Vite's dev server
// (http://localhost:5173, proxying /api to the api on PORT or 8080).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_ENV, SERVICE_NODE_FLAGS } from './stack-helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const node = process.execPath;
spawnSync(node, ['node_modules/typescript/bin/tsc', '-b'], { cwd: root, stdio: 'inherit' });
spawnSync(node, ['libs/db/dist/scripts/migrate.js'], { cwd: root, stdio: 'inherit' });
const service = { ...process.env, ...SERVICE_ENV };
const children = [
  [node, ['node_modules/typescript/bin/tsc', '-b', '--watch', '--preserveWatchOutput']],
  [node, [...SERVICE_NODE_FLAGS, '--watch-path=api/dist', '--watch-path=libs', 'api/dist/main.js'], service],
  [node, [...SERVICE_NODE_FLAGS, '--watch-path=worker/dist', '--watch-path=libs', 'worker/dist/main.js'], service],
  [node, ['node_modules/vite/bin/vite.js', 'web']],
].map(([command, args, env]) => spawn(command, args, { cwd: root, stdio: 'inherit', env: env ?? process.env }));
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
