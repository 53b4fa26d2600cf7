#!/usr/bin/env node
// Type-checks everything: the build graph (tsc -b), then test files and the web app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const projects = [
  'tsconfig.json',
  'api/tsconfig.spec.json',
  'worker/tsconfig.spec.json',
  'libs/tsconfig.spec.json',
  'web/tsconfig.json',
];
let failed = false;
for (const project of projects) {
  if (!existsSync(path.join(root, project))) continue;
  const args = project === 'tsconfig.json' ? ['-b', project] : ['-p', project, '--noEmit'];
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck failed: ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
