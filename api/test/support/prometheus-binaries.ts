// Prometheus' own binaries for the observability tests, from Debian's `prometheus` package
// (`apt-get install prometheus`; .ci/run installs it, as it installs Chromium).
import { existsSync } from 'node:fs';
import path from 'node:path';

const INSTALL = "apt-get update && apt-get install -y prometheus (Debian's package: promtool and prometheus)";

/** The binary's path on PATH, or undefined. */
export function findBinary(name: 'promtool' | 'prometheus'): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const inCi = () => !!process.env['CI'] && process.env['CI'] !== 'false';

/**
 * `describe` for tests that need one of the binaries. In CI (CI set) they always run, so a
 * missing binary fails them, loudly; elsewhere they are skipped, and the run says why and how to
 * install it.
 */
export function describeWithBinary(name: 'promtool' | 'prometheus', title: string, body: (binary: string) => void): void {
  const binary = findBinary(name);
  if (binary) {
    describe(title, () => body(binary));
  } else if (inCi()) {
    describe(title, () => {
      it(`finds ${name}`, () => {
        throw new Error(`${name} is not on PATH, and CI must run these tests: ${INSTALL}`);
      });
    });
  } else {
    const reason = `${name} is not installed; ${INSTALL}`;
    console.warn(`Skipping "${title}": ${reason}`);
    describe.skip(`${title} (skipped: ${reason})`, () => body(name));
  }
}
