import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestApp } from './test-app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Runs the real `npm run ledger:verify` command (its built script) against the test app's database,
 * as an operator would: every cached balance and tier recomputed from point_transactions. Answers
 * its output; rejects with it when the command exits non-zero.
 */
export async function runLedgerVerify(t: TestApp): Promise<string> {
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: t.db.url,
    REDIS_URL: t.config.REDIS_URL,
    REDIS_PREFIX: t.config.REDIS_PREFIX,
  };
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'api/dist/scripts/ledger-verify.js')], {
      env,
      timeout: 60_000,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`ledger:verify failed:\n${stdout}${stderr}`, { cause: error });
  }
}
