import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A built entry point of the repo (api/dist/main.js, a script) running as its own process, its output kept. */
export interface ServiceProcess {
  child: ChildProcess;
  /** Every complete line written to stdout so far. */
  stdout(): string[];
  stderr(): string;
  /** Waits for a stdout line the predicate accepts, and answers it. */
  waitForLine(predicate: (line: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** Sends the signal and waits for the exit: its code, or the signal that ended it. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when the process has ended by itself. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node <entry>` from the repo's root with exactly the given environment (plus PATH), as
 * `npm start`, a container or the e2e runner would, so tests see what an operator's log sees.
 * `nodeFlags` go before the entry (e.g. the heap limits of `npm run start:api`, see `startFlagsOf`).
 */
export function startServiceProcess(entry: string, env: Record<string, string>, nodeFlags: string[] = []): ServiceProcess {
  const child = spawn(process.execPath, [...nodeFlags, path.join(root, entry)], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const lines = () => out.split('\n').slice(0, -1);
  return {
    child,
    stdout: lines,
    stderr: () => err,
    exited,
    waitForLine: (predicate, what, timeoutMs = 30_000) =>
      waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}): ${err}${out.slice(-2000)}`);
          return lines().find(predicate);
        },
        { what, timeoutMs, intervalMs: 50 },
      ),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A loopback port nothing listens on at the moment. */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The node flags an npm script of the repo's package.json starts a service with (the V8 limits and
 * collector settings of SERVICE_NODE_FLAGS; `--env-file…` aside, which a test sets up itself), so a
 * test runs a process as production does.
 */
export function startFlagsOf(script: string): string[] {
  return startScript(script).filter((word) => word.startsWith('--') && !word.startsWith('--env-file'));
}

/**
 * The environment an npm script of the repo's package.json sets before `node` (glibc malloc's
 * settings, SERVICE_ENV), so a test that measures a service's memory runs it as production does.
 */
export function startEnvOf(script: string): Record<string, string> {
  const words = startScript(script);
  const assignments = words.slice(0, words.indexOf('node'));
  return Object.fromEntries(assignments.map((word) => /^([^=]+)=(.*)$/.exec(word)!.slice(1, 3) as [string, string]));
}

function startScript(script: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = pkg.scripts[script];
  if (!command) throw new Error(`package.json has no script ${script}`);
  return command.split(/\s+/);
}
