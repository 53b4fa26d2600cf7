#!/usr/bin/env node
// Rewrites imports that climb two or more folders into the package's `imports` aliases
// (`../../../infrastructure/outbox/unit-of-work.js` becomes `#infrastructure/outbox/unit-of-work.js`):
// api and worker name each folder under src/ in their package.json. Idempotent; prints what it changed.
//   node libs/tooling/bin/rewrite-imports.mjs [files…]   (default: every .ts file of api/ and worker/)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACKAGES = ['api', 'worker'];

function aliasesOf(pkg) {
  const manifest = JSON.parse(readFileSync(path.join(root, pkg, 'package.json'), 'utf8'));
  return Object.keys(manifest.imports ?? {}).map((key) => ({
    alias: key.replace(/\*\.js$/, ''),
    folder: path.join(root, pkg, 'src', key.slice(1).replace(/\/\*\.js$/, '')) + path.sep,
  }));
}

function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : tsFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files =
  process.argv.length > 2
    ? process.argv.slice(2).map((file) => path.resolve(file))
    : PACKAGES.flatMap((pkg) => tsFiles(path.join(root, pkg)));

let changed = 0;
for (const file of files) {
  if (!statSync(file).isFile()) continue;
  const pkg = PACKAGES.find((name) => file.startsWith(path.join(root, name) + path.sep));
  if (!pkg) continue;
  const aliases = aliasesOf(pkg);
  const source = readFileSync(file, 'utf8');
  const next = source.replace(/(['"])((?:\.\.\/){2,}[^'"\n]*\.js)\1/g, (whole, quote, specifier) => {
    const target = path.resolve(path.dirname(file), specifier);
    const match = aliases.find(({ folder }) => target.startsWith(folder));
    if (!match) return whole;
    return `${quote}${match.alias}${path.relative(match.folder, target).split(path.sep).join('/')}${quote}`;
  });
  if (next !== source) {
    writeFileSync(file, next);
    changed += 1;
  }
}
console.log(`${changed} files rewritten`);
