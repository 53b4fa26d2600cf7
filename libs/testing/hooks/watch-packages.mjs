// `node --import <this file>`: prints `package loaded: <name>` on stderr the first time the process
// resolves a module inside a package named in WATCH_PACKAGES (comma-separated), whether imported
// or required, so a test can tell which libraries a process has taken into memory.
import { registerHooks } from 'node:module';

const watched = (process.env.WATCH_PACKAGES ?? '').split(',').filter(Boolean);
const seen = new Set();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    for (const name of watched) {
      if (!seen.has(name) && result.url.includes(`/node_modules/${name}/`)) {
        seen.add(name);
        process.stderr.write(`package loaded: ${name}\n`);
      }
    }
    return result;
  },
});
