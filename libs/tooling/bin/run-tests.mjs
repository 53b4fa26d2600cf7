#!/usr/bin/env node
// `npm test`: lint, dead code, formatting, typecheck, unit, integration, web component and browser tests, in that order.
// Every stage runs even if an earlier one failed; the last line sums all of them as
// "N passed, N failed" (lint, formatting and typecheck count as one test each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const node = process.execPath;
const reportDir = path.join(root, 'var/test');
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const stages = [];

function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const { ok, seconds } = run(command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  stages.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${seconds}s)`);
}

function jest(name, config, extraEnv = {}) {
  console.log(`\n=== ${name} ===`);
  const out = path.join(reportDir, `${name}.json`);
  const { ok, seconds } = run(
    node,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      'node_modules/jest/bin/jest.js',
      '-c',
      config,
      '--json',
      `--outputFile=${out}`,
    ],
    extraEnv,
  );
  if (!existsSync(out)) {
    totals.failed += 1;
    stages.push(`${name}: FAILED to run (${seconds}s)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const failedSuites = report.numRuntimeErrorTestSuites ?? 0;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + failedSuites;
  // Skipped tests (a binary such as promtool missing outside CI) are named here, not hidden.
  const skipped = report.numPendingTests ? `, ${report.numPendingTests} skipped` : '';
  stages.push(
    `${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped}${failedSuites ? `, ${failedSuites} suites did not run` : ''} (${seconds}s)`,
  );
  if (!ok && report.numFailedTests + failedSuites === 0) {
    totals.failed += 1;
    stages.push(`${name}: jest exited non-zero`);
  }
}

function playwright() {
  if (!existsSync(path.join(root, 'web/playwright.config.ts'))) return;
  console.log('\n=== browser (Playwright) ===');
  const out = path.join(root, 'web/test-results/e2e.json');
  const { seconds } = run(node, [path.join(root, 'libs/tooling/bin/run-e2e.mjs')]);
  if (!existsSync(out)) {
    totals.failed += 1;
    stages.push(`browser: FAILED to run (${seconds}s)`);
    return;
  }
  const { stats } = JSON.parse(readFileSync(out, 'utf8'));
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
  stages.push(`browser: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky ?? 0} flaky (${seconds}s)`);
}

// `npm run lint`: ESLint in two processes and knip at once; the stage's time is the figure the lint budget is about.
check('lint and dead code (eslint, knip)', node, [path.join(root, 'libs/tooling/bin/lint.mjs')]);
check('format', node, ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn']);
check('typecheck', node, [path.join(root, 'libs/tooling/bin/typecheck.mjs')]);
jest('unit', 'libs/testing/jest/unit.config.js');
jest('integration', 'libs/testing/jest/integration.config.js');
jest('integration-timed', 'libs/testing/jest/integration-timed.config.js');
if (existsSync(path.join(root, 'web/jest.config.js'))) jest('web', 'web/jest.config.js');
playwright();

console.log('\n=== summary ===');
for (const stage of stages) console.log(`  ${stage}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
