import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The import boundaries and type-aware rules of eslint.config.js, as `npm run lint` applies them: each case plants one
// file inside the tree (so the config's zones apply to it), lints it, and expects the rule that
// names the boundary. The planted files are removed afterwards; `npm run lint` lints the whole tree.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslintBin = path.join(root, 'node_modules/eslint/bin/eslint.js');
const probeId = `boundary-probe-${process.pid}`;

interface LintMessage {
  ruleId: string | null;
  message: string;
}

function lint(args: string[]): { status: number | null; results: { filePath: string; messages: LintMessage[] }[] } {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`eslint printed no report (exit ${run.status}): ${run.stderr}`);
  return { status: run.status, results: JSON.parse(run.stdout) };
}

const foldersIn = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Some source file under `dir` (tree-relative) that `accept` takes: the cases follow renames. */
function someFileIn(dir: string, accept: (name: string) => boolean): string {
  const found = (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.(spec|test)\.tsx?$/.test(file) && accept(path.basename(file)))
    .sort()[0];
  if (!found) throw new Error(`no source file in ${dir}`);
  return path.join(dir, found);
}

/** The specifier a file at `from` uses for `to` (both tree-relative): relative, `.js` for a `.ts` file. */
function specifier(from: string, to: string): string {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return (relative.startsWith('.') ? relative : `./${relative}`).replace(/\.tsx?$/, '.js');
}

const [webFeature, otherWebFeature] = foldersIn('web/src/features');
const [apiModule, otherApiModule] = foldersIn('api/src/modules');
const otherFeatureFile = someFileIn(`web/src/features/${otherWebFeature}`, () => true);
const otherModuleInternal = someFileIn(
  `api/src/modules/${otherApiModule}`,
  (name) => name !== `${otherApiModule}.public.ts` && name !== `${otherApiModule}.module.ts`,
);
const webAlias = (file: string) =>
  `@/${path
    .relative('web/src', file)
    .split(path.sep)
    .join('/')
    .replace(/\.tsx?$/, '')}`;

interface Case {
  name: string;
  file: string;
  source: string;
  rule: string;
  says: string;
}

const probe = (dir: string, name: string) => `${dir}/${probeId}-${name}.ts`;
const moduleProbe = probe(`api/src/modules/${apiModule}`, 'module');
const cycleA = probe('api/src/common', 'cycle-a');
const cycleB = probe('api/src/common', 'cycle-b');

// Controllers: the database is their handlers' (a repository beside some module's controller).
const repositoryFile = someFileIn('api/src/modules', (name) => name.endsWith('.repository.ts'));
const controllerProbe = (name: string) => probe(path.dirname(repositoryFile), `${name}.controller`);
const CONTROLLER_RULE = 'A controller binds an endpoint to a command or query';

const cases: Case[] = [
  {
    name: 'web importing the api',
    file: probe('web/src/lib', 'web-to-api'),
    source: `export * as api from '${specifier('web/src/lib/x.ts', 'api/src/main.ts')}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Share through libs/',
  },
  {
    name: 'the api importing the worker',
    file: probe('api/src', 'api-to-worker'),
    source: `export * as worker from '${specifier('api/src/x.ts', 'worker/src/main.ts')}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Share through libs/',
  },
  {
    name: 'the worker importing the api',
    file: probe('worker/src', 'worker-to-api'),
    source: `export * as api from '${specifier('worker/src/x.ts', 'api/src/main.ts')}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Share through libs/',
  },
  {
    name: "the worker importing a file behind a lib's package entry",
    file: probe('worker/src', 'worker-to-lib-internal'),
    source: `export * as entities from '${specifier(
      'worker/src/x.ts',
      someFileIn('libs/db/src', (name) => name !== 'index.ts'),
    )}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Share through libs/',
  },
  {
    name: 'a lib importing the worker',
    file: probe('libs/queues/src', 'lib-to-worker'),
    source: `export * as worker from '${specifier('libs/queues/src/x.ts', 'worker/src/main.ts')}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'libs/ is shared by the processes and the web',
  },
  {
    name: 'the domain importing pg',
    file: probe('libs/domain/src', 'domain-to-pg'),
    source: "export { default as pg } from 'pg';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'libs/domain is pure rules',
  },
  {
    name: 'the domain importing @nocturne/db',
    file: probe('libs/domain/src', 'domain-to-db'),
    source: "export { db } from '@nocturne/db';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'libs/domain is pure rules',
  },
  {
    name: 'the domain importing node:fs',
    file: probe('libs/domain/src', 'domain-to-fs'),
    source: "export { readFileSync } from 'node:fs';\n",
    rule: 'import-x/no-nodejs-modules',
    says: 'node:fs',
  },
  {
    name: 'the contracts importing kysely',
    file: probe('libs/contracts/src', 'contracts-to-kysely'),
    source: "export { sql } from 'kysely';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'libs/contracts holds zod schemas',
  },
  {
    name: "an api module importing another module's internal file",
    file: moduleProbe,
    source: `export * as internals from '${specifier(moduleProbe, otherModuleInternal)}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: "Another module's internals",
  },
  {
    name: "api infrastructure importing a module's internal file",
    file: probe('api/src/infrastructure', 'infrastructure-to-module'),
    source: `export * as internals from '${specifier('api/src/infrastructure/x.ts', otherModuleInternal)}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: "Another module's internals",
  },
  {
    name: 'a web feature importing another feature',
    file: probe(`web/src/features/${webFeature}`, 'feature-to-feature'),
    source: `export * as other from '${webAlias(otherFeatureFile)}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Features never import each other',
  },
  {
    name: 'shared web code importing a feature',
    file: probe('web/src/lib', 'shared-to-feature'),
    source: `export * as feature from '${webAlias(otherFeatureFile)}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Shared web code imports no feature and no route',
  },
  {
    name: 'a dynamic import() from the worker into the api',
    file: probe('worker/src', 'dynamic-worker-to-api'),
    source: `export const load = () => import('${specifier('worker/src/x.ts', 'api/src/main.ts')}');\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Share through libs/',
  },
  {
    name: 'a dynamic import() of another web feature',
    file: probe(`web/src/features/${webFeature}`, 'dynamic-feature-to-feature'),
    source: `export const load = () => import('${webAlias(otherFeatureFile)}');\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Features never import each other',
  },
  {
    name: 'a two-file cycle (first file)',
    file: cycleA,
    source: `import { b } from '${specifier(cycleA, cycleB)}';\nexport const a = () => b;\n`,
    rule: 'import-x/no-cycle',
    says: 'cycle',
  },
  {
    name: 'a two-file cycle (second file)',
    file: cycleB,
    source: `import { a } from '${specifier(cycleB, cycleA)}';\nexport const b = 1;\nexport const c = () => a;\n`,
    rule: 'import-x/no-cycle',
    says: 'cycle',
  },
  {
    name: 'a controller importing the EntityManager',
    file: controllerProbe('em-import'),
    source:
      "import { EntityManager } from '@mikro-orm/postgresql';\nexport class ProbeController {\n  constructor(readonly em: EntityManager) {}\n}\n",
    rule: 'no-restricted-imports',
    says: CONTROLLER_RULE,
  },
  {
    name: 'a controller injecting the EntityManager by an inline type import',
    file: controllerProbe('em-inline'),
    source: "export class ProbeController {\n  constructor(readonly em: import('@mikro-orm/postgresql').EntityManager) {}\n}\n",
    rule: 'no-restricted-syntax',
    says: CONTROLLER_RULE,
  },
  {
    name: 'a controller importing Kysely',
    file: controllerProbe('kysely'),
    source: "import { sql } from 'kysely';\nexport const probe = sql`select 1`;\n",
    rule: 'no-restricted-imports',
    says: CONTROLLER_RULE,
  },
  {
    name: 'a controller importing a repository',
    file: controllerProbe('repository'),
    source: `export * as repository from './${path.basename(repositoryFile).replace(/\.ts$/, '.js')}';\n`,
    rule: 'no-restricted-imports',
    says: CONTROLLER_RULE,
  },
  {
    name: 'a controller handed a service that is not the bus',
    file: controllerProbe('service'),
    source: [
      "import { Controller } from '@nestjs/common';",
      'class MembersService {}',
      '@Controller()',
      'export class ProbeController {',
      '  constructor(readonly members: MembersService) {}',
      '}',
      '',
    ].join('\n'),
    rule: 'no-restricted-syntax',
    says: 'A controller is handed the CommandBus and QueryBus',
  },
  {
    name: 'an import climbing two folders',
    file: moduleProbe.replace('-module.ts', '-climbing.ts'),
    source: "export { csvLine } from '../../common/csv.js';\n",
    rule: 'no-restricted-imports',
    says: 'Name the folder instead of climbing to it',
  },
  {
    name: "an alias reaching another module's internal file",
    file: moduleProbe.replace('-module.ts', '-alias-internal.ts'),
    source: `export * as internals from '#${otherModuleInternal.replace(/^api\/src\//, '').replace(/\.ts$/, '.js')}';\n`,
    rule: 'import-x/no-restricted-paths',
    says: "Another module's internals",
  },
  {
    name: 'a promise nobody awaits',
    file: probe('api/src/common', 'floating'),
    source: 'async function later(): Promise<number> {\n  return 1;\n}\nexport function now(): void {\n  later();\n}\n',
    rule: '@typescript-eslint/no-floating-promises',
    says: 'Promises must be awaited',
  },
  {
    name: 'a switch over a union that misses a member',
    file: probe('api/src/common', 'switch'),
    source:
      "export type Role = 'member' | 'door';\nexport function label(role: Role): string {\n  switch (role) {\n    case 'member':\n      return 'Member';\n  }\n  return '';\n}\n",
    rule: '@typescript-eslint/switch-exhaustiveness-check',
    says: 'not exhaustive',
  },
  {
    name: 'a source file past 350 lines',
    file: probe('api/src/common', 'long'),
    source: Array.from({ length: 351 }, (_, line) => `export const line${line} = ${line};`).join('\n') + '\n',
    rule: 'max-lines',
    says: 'Maximum allowed is 350',
  },
  {
    name: 'an Intl formatter made per call in server code',
    file: probe('libs/domain/src', 'formatter'),
    source: "export const day = (at: Date) => new Intl.DateTimeFormat('en-AU', { weekday: 'long' }).format(at);\n",
    rule: 'no-restricted-syntax',
    says: 'Take a kept formatter',
  },
  {
    name: 'a file name in camelCase',
    file: `api/src/common/boundaryProbe${process.pid}.ts`,
    source: 'export const probe = 1;\n',
    rule: 'unicorn/filename-case',
    says: 'kebab case',
  },
];

/** Imports the boundaries allow, planted beside the bad ones: the rules must stay quiet on them. */
const allowed = [
  {
    file: probe(`api/src/modules/${apiModule}`, 'allowed-public'),
    source: [
      `export * as publicFile from '${specifier(moduleProbe, `api/src/modules/${otherApiModule}/${otherApiModule}.public.ts`)}';`,
      `export * as nestModule from '${specifier(moduleProbe, `api/src/modules/${otherApiModule}/${otherApiModule}.module.ts`)}';`,
      "export * as contracts from '@nocturne/contracts';",
      "export * as db from '@nocturne/db';",
      '',
    ].join('\n'),
  },
  {
    file: probe(`web/src/features/${webFeature}`, 'allowed-shared'),
    source: `export * as contracts from '@nocturne/contracts';\nexport * as lib from '${webAlias(someFileIn('web/src/lib', () => true))}';\n`,
  },
  {
    file: controllerProbe('allowed-buses'),
    source: "export { CommandBus, QueryBus } from '@nestjs/cqrs';\nexport * as contracts from '@nocturne/contracts';\n",
  },
  {
    file: controllerProbe('allowed-handed'),
    source: [
      "import { Controller } from '@nestjs/common';",
      "import { CommandBus, QueryBus } from '@nestjs/cqrs';",
      "import { RateLimiter } from '#modules/auth/auth.public.js';",
      '@Controller()',
      'export class ProbeController {',
      '  constructor(',
      '    readonly commands: CommandBus,',
      '    readonly queries: QueryBus,',
      '    readonly limiter: RateLimiter,',
      '  ) {}',
      '}',
      '',
    ].join('\n'),
  },
  {
    file: probe('libs/contracts/src', 'allowed-zod'),
    source: "export { z } from 'zod';\nexport * as domain from '@nocturne/domain';\n",
  },
];
const BOUNDARY_RULES = [
  'no-restricted-imports',
  'no-restricted-syntax',
  'import-x/no-restricted-paths',
  'import-x/no-nodejs-modules',
  'import-x/no-cycle',
  'import-x/no-unresolved',
];

describe('import boundaries (eslint.config.js)', () => {
  const planted = [...cases, ...allowed].map(({ file }) => path.join(root, file));
  let messagesOf: Map<string, LintMessage[]>;
  let status: number | null;

  beforeAll(() => {
    try {
      for (const { file, source } of [...cases, ...allowed]) writeFileSync(path.join(root, file), source, { flag: 'wx' });
      const report = lint(['--no-warn-ignored', ...planted]);
      status = report.status;
      messagesOf = new Map(report.results.map((result) => [path.relative(root, result.filePath), result.messages]));
    } finally {
      for (const file of planted) rmSync(file, { force: true });
    }
  }, 300_000);

  it('fails lint on the planted imports', () => {
    expect(status).toBe(1);
  });

  it.each(cases)('refuses $name ($rule)', ({ file, rule, says }) => {
    const messages = messagesOf.get(file) ?? [];
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: rule, message: expect.stringContaining(says) }));
  });

  it.each(allowed)('allows the imports in $file', ({ file }) => {
    const messages = messagesOf.get(file);
    expect(messages).toBeDefined();
    expect(messages!.filter((message) => BOUNDARY_RULES.includes(message.ruleId ?? ''))).toEqual([]);
  });
});

describe('the tree', () => {
  // The whole tree is linted by `npm test`'s lint stage (`npm run lint`); here only that no planted file stays behind.
  it('keeps none of the planted files', () => {
    const left = [...cases, ...allowed].map(({ file }) => file).filter((file) => existsSync(path.join(root, file)));
    expect(left).toEqual([]);
  });
});
