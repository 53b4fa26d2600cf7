// ESLint flat config for the whole monorepo (TypeScript, ES modules, React in web/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import unicorn from 'eslint-plugin-unicorn';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const LIBS = foldersIn('libs');

/** A string that is, or starts a request to, one of the api's paths ("/api/…", "GET /api/…", "/health/…"). */
const API_PATH = String.raw`/^((GET|POST|PUT|PATCH|DELETE) )?\/(api|health|metrics)(\/|$)/`;

/**
 * Every entry a workspace package exports (`@nocturne/db`, `@nocturne/contracts/constants`,
 * `@nocturne/api/app-factory`, ...), mapped to its source file as the web's tsconfig paths and
 * jest map it: imports resolve the same before and after a build, and a boundary sees the file
 * an import really reaches.
 */
const packageEntries = ['api', 'worker', ...LIBS.map((lib) => `libs/${lib}`)].flatMap((dir) => {
  if (!existsSync(path.join(root, dir, 'package.json'))) return [];
  const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  return Object.entries(manifest.exports ?? {}).map(([subpath, target]) => ({
    specifier: path.posix.join(manifest.name, subpath),
    source: path.join(root, dir, target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
  }));
});

/**
 * The boundaries below are checked on the file an import resolves to (static imports, re-exports
 * and dynamic `import()` alike), each package's files with its own tsconfig (the web's `@/`
 * alias, `.js` specifiers naming `.ts` sources in api, worker and libs). A TypeScript import that
 * does not resolve is an error, so none slips past them. The cycle check parses the repository's
 * own files only: a package cannot import us back, and skipping them keeps lint quick.
 */
const TS_PROJECT_OF = [
  ['web', 'web/tsconfig.json'],
  ['api', 'api/tsconfig.spec.json'],
  ['worker', 'worker/tsconfig.spec.json'],
  ['libs', 'libs/tsconfig.spec.json'],
];
const TS_PROJECTS = TS_PROJECT_OF.map(([, tsconfig]) => path.join(root, tsconfig));
const importResolution = {
  'import-x/resolver-next': [
    createTypeScriptImportResolver({
      project: TS_PROJECTS,
      noWarnOnMultipleProjects: true,
      alias: Object.fromEntries(packageEntries.map(({ specifier, source }) => [`${specifier}$`, [source]])),
    }),
  ],
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/ignore': ['/node_modules/'],
};
const NODE_MODULES = '**/node_modules/**';

/**
 * The processes and the web share code only through libs/: web, api and worker never import
 * each other, and reach a lib only through an entry its package exports (`@nocturne/<lib>` and
 * its subpaths), never a file behind it. Libs import no process, except the test harness
 * (libs/testing), which starts the api through the one entry the api exports for it.
 */
const libEntries = packageEntries
  .filter(({ source }) => source.startsWith(path.join(root, 'libs') + path.sep))
  .map(({ source }) => `./${path.relative(path.join(root, 'libs'), source)}`);
const SHARED_ONLY = 'Share through libs/: a process or the web imports a lib only by its @nocturne/* package entries.';
const LIBS_IMPORT_NO_PROCESS = 'libs/ is shared by the processes and the web: it imports none of them.';
const WEB = ['web/src', 'web/e2e'];
const API = ['api/src', 'api/test'];
const WORKER = ['worker/src', 'worker/test'];
const apiFromWorker = { target: API, from: 'worker', message: SHARED_ONLY };
const layerZones = [
  { target: WEB, from: ['api', 'worker'], message: SHARED_ONLY },
  { target: API, from: 'web', message: SHARED_ONLY },
  apiFromWorker,
  { target: WORKER, from: ['web', 'api'], message: SHARED_ONLY },
  { target: [...WEB, ...API, ...WORKER], from: 'libs', except: libEntries, message: SHARED_ONLY },
  { target: 'libs', from: ['web', 'worker'], message: LIBS_IMPORT_NO_PROCESS },
  { target: LIBS.filter((lib) => lib !== 'testing').map((lib) => `libs/${lib}`), from: 'api', message: LIBS_IMPORT_NO_PROCESS },
  {
    target: 'libs/testing',
    from: 'api',
    except: packageEntries
      .filter(({ specifier }) => specifier.startsWith('@nocturne/api/'))
      .map(({ source }) => `./${path.relative(path.join(root, 'api'), source)}`),
    message:
      'The test harness starts the api through @nocturne/api/app-factory, as production builds it; nothing else of the api.',
  },
];

/**
 * libs/domain holds pure rules: it imports no package at all (no database, queue, HTTP or file
 * client, no other lib); a caller passes in what a rule needs. libs/contracts, shared with the
 * browser, imports only zod, the domain and itself. Neither imports Node's built-in modules
 * (the one exception is webhook-target, below, which also uses ipaddr.js).
 */
const otherLibs = (...own) => LIBS.filter((lib) => !own.includes(lib)).map((lib) => `libs/${lib}`);
const PURE_DOMAIN = 'libs/domain is pure rules: no I/O and no packages; the caller passes in what a rule needs.';
const CONTRACTS_ONLY = 'libs/contracts holds zod schemas shared with the browser: it imports only zod and libs/domain.';
const pureLibZones = [
  { target: 'libs/domain', from: ['web', 'api', 'worker', ...otherLibs('domain')], message: PURE_DOMAIN },
  { target: 'libs/domain', from: NODE_MODULES, message: PURE_DOMAIN },
  { target: 'libs/contracts', from: ['web', 'api', 'worker', ...otherLibs('domain', 'contracts')], message: CONTRACTS_ONLY },
  { target: 'libs/contracts', from: NODE_MODULES, except: ['**/node_modules/zod/**'], message: CONTRACTS_ONLY },
];

/**
 * Api: a module (api/src/modules/<m>/) is reached from outside only through its public file,
 * `<m>.public.ts` (what other modules may use: services, decorators, guards, commands), or its
 * Nest module, `<m>.module.ts` (for the app's imports); this holds for the other modules and the
 * rest of api/src alike. Tests (`*.spec.ts` beside the code, and api/test/) may reach internals:
 * a unit test builds a handler from its parts.
 */
const API_MODULES = foldersIn('api/src/modules');
const API_TOP = readdirSync(path.join(root, 'api/src')).filter((entry) => entry !== 'modules');
const apiModuleZones = API_MODULES.map((module) => ({
  target: [
    ...API_TOP.map((entry) => `api/src/${entry}`),
    ...API_MODULES.filter((other) => other !== module).map((other) => `api/src/modules/${other}`),
  ],
  from: `api/src/modules/${module}`,
  except: [`./${module}.public.ts`, `./${module}.module.ts`],
  message: "Another module's internals: import its <module>.public.ts (or <module>.module.ts) instead.",
}));

/**
 * Web: features never import each other, nor the app; app/ composes them (bulletproof-react).
 * Shared code (lib, components, config, testing) imports no feature and no route; its tests
 * may render a feature.
 */
const WEB_FEATURES = foldersIn('web/src/features');
const webFeatureZones = WEB_FEATURES.map((feature) => ({
  target: `web/src/features/${feature}`,
  from: ['web/src/features', 'web/src/app'],
  except: [`./${feature}`],
  message: 'Features never import each other: pass what one needs from the other in app/, or move the shared part to lib/.',
}));
const webSharedZones = [
  {
    target: ['lib', 'components', 'config', 'testing'].map((folder) => `web/src/${folder}`),
    from: ['web/src/features', 'web/src/app'],
    message: 'Shared web code imports no feature and no route.',
  },
];

const CONTROLLER_NO_DATABASE =
  'A controller binds an endpoint to a command or query (CommandBus/QueryBus): move the database work into its handler.';

/**
 * What a controller may be handed besides the CommandBus and QueryBus: helpers of the request
 * itself, none of which reads or writes the database. Each with why it stays in the controller.
 */
const CONTROLLER_HELPERS = {
  CommandBus: 'the bus every endpoint that changes something goes through',
  QueryBus: 'the bus every endpoint that reads goes through',
  RateLimiter: 'counts attempts per address or account in Redis and answers 429 before a command runs',
  LoginThrottle: "sign-in's attempt throttle in Redis, wrapped around the sign-in command (failed, undone, succeeded)",
  SignInDevices: "the known-device cookie: an HMAC of the e-mail under the api's key, nothing stored",
  ExportSlots: "how many downloads this process streams at once, counted in memory; the rows come from the download's query",
  ApiConfig: 'settings read at start-up',
};
/**
 * Infrastructure endpoints that are no module's business, each allowed its own helper in its own
 * file only.
 */
const CONTROLLER_HELPERS_OF = {
  'api/src/infrastructure/metrics/metrics.controller.ts': {
    MetricsService: "the process's Prometheus registry, in memory",
  },
  'api/src/infrastructure/queues/queue-dashboard.controller.ts': {
    QueueDashboardPasses: "the queue dashboard's one-hour passes, kept in Redis",
  },
  'api/src/common/openapi/openapi.controller.ts': {
    OpenApiService: 'the OpenAPI document built once from the endpoint list',
  },
};
const CONTROLLER_HANDED_ONLY = `A controller is handed the CommandBus and QueryBus (and only the request helpers eslint.config.js lists: ${Object.keys(
  CONTROLLER_HELPERS,
)
  .filter((name) => !name.endsWith('Bus'))
  .join(', ')}): call the service from a command or query handler instead.`;
/**
 * The constructor parameters of a `@Controller()` class, plain or `private readonly`, whose type
 * is anything but one of `allowed` by name: another service, an injected client, an inline
 * `import('…')` type.
 */
const controllerSyntax = (extra = []) => {
  const allowed = [...Object.keys(CONTROLLER_HELPERS), ...extra].join('|');
  // (esquery's :has does not walk decorators, so the `@Controller()` is looked for among the first three.)
  const controller = `ClassDeclaration:matches(${[0, 1, 2].map((i) => `[decorators.${i}.expression.callee.name="Controller"]`).join(', ')})`;
  const constructor = `${controller} > ClassBody > MethodDefinition[kind="constructor"] > FunctionExpression`;
  const handed = [`${constructor} > TSParameterProperty > Identifier`, `${constructor} > Identifier`]
    .map((param) => `${param} > TSTypeAnnotation > :not(TSTypeReference[typeName.name=/^(${allowed})$/])`)
    .join(', ');
  return [
    'error',
    { selector: 'Identifier[name=/^(EntityManager|MikroORM|Kysely|SqlEntityManager)$/]', message: CONTROLLER_NO_DATABASE },
    { selector: handed, message: CONTROLLER_HANDED_ONLY },
  ];
};

const restrictedPaths = (zones) => ['error', { basePath: root, zones }];

/**
 * A file leaves its folder's neighbourhood by name, not by climbing: the web through `@/`, api and
 * worker through their package.json `imports` (`#common/…`, `#infrastructure/…`, `#modules/…`),
 * libs through their package entries. One `../` stays: a sibling folder of the same area.
 */
const NO_CLIMBING = {
  regex: '^(\\.\\./){2,}',
  message:
    'Name the folder instead of climbing to it: `#<folder>/…` (api, worker: package.json imports), `@/…` (web), `@nocturne/<lib>` (libs).',
};
const noClimbing = (options = {}) => ['error', { ...options, patterns: [...(options.patterns ?? []), NO_CLIMBING] }];
const TESTS = ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      'web/public/**',
      'web/test-results/**',
      'web/playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'off',
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or hands on, a promise where a callback's
    // result is ignored, `await` of a non-promise, a switch over a union that misses a member.
    // Not no-unnecessary-condition: without noUncheckedIndexedAccess it calls every guard of an
    // indexed read (`match[2] ?? ''`, `TIERS[rank + 1] ?? null`) unnecessary, and the DOM types
    // promise APIs some browsers lack (wake lock, video frame callbacks).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: TS_PROJECTS, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  // Each package's files with its own program only: a file is looked up in the listed projects in
  // turn, each program built on the way, so a lint of some folders (npm run lint splits the tree
  // in two, libs/tooling/bin/lint.mjs) builds only the programs of those folders.
  ...TS_PROJECT_OF.map(([folder, tsconfig]) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    languageOptions: { parserOptions: { project: [path.join(root, tsconfig)], tsconfigRootDir: root } },
  })),
  {
    // File names: kebab-case, React components in PascalCase; migrations keep MikroORM's names.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['libs/db/src/migrations/Migration*.ts'],
    plugins: { unicorn },
    rules: { 'unicorn/filename-case': ['error', { cases: { kebabCase: true, pascalCase: true } }] },
  },
  {
    files: ['**/*.{ts,js,mjs}'],
    ignores: ['libs/db/src/migrations/Migration*.ts'],
    rules: { 'unicorn/filename-case': ['error', { case: 'kebabCase' }] },
  },
  {
    // Nest injects by the runtime class of constructor parameters: those imports must stay values.
    files: ['api/src/**/*.ts', 'worker/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // A source file past 350 lines does more than one job: split it into files named after what each serves.
    files: ['api/src/**/*.ts', 'worker/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    // An Intl formatter holds ICU memory the garbage collector does not see the size of: made per
    // call, they took the api to 1 GB resident. Server code takes a kept one from @nocturne/domain
    // (dateTimeFormat, numberFormat). Controllers' own no-restricted-syntax, later, replaces this one
    // there (they format nothing). The config's start-up check of VENUE_TZ runs once.
    files: ['api/src/**/*.ts', 'worker/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/domain/src/intl-formats.ts', 'libs/config/src/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message:
            'Take a kept formatter (dateTimeFormat, numberFormat from @nocturne/domain): each new one holds ICU memory the GC does not see.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][arguments.length>0]',
          message:
            'Format with a kept formatter (dateTimeFormat from @nocturne/domain): toLocale*String with options makes a new one each call.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Tests and the shared test harness (libs/testing): answers' bodies are read untyped.
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'libs/testing/src/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: importResolution,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        ...layerZones,
        ...pureLibZones,
        ...apiModuleZones,
        ...webFeatureZones,
        ...webSharedZones,
      ]),
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The scripts' own dynamic imports of built output (libs/tooling) resolve only after a build.
    files: ['**/*.{ts,tsx}'],
    rules: { 'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }] },
  },
  {
    // A test may reach a module's internals (a unit test builds a handler from its parts), and a
    // test of shared web code may render a feature; the layers hold for tests too.
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...layerZones, ...pureLibZones, ...webFeatureZones]) },
  },
  {
    // The deployment checks hold the alert rules and dashboards against both processes' metrics.
    files: ['api/test/deploy/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...layerZones.filter((zone) => zone !== apiFromWorker), ...pureLibZones]),
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': noClimbing() },
  },
  {
    // The deployment checks hold the alert rules and dashboards against the worker's metrics: the
    // one place one process's files reach another's, which no alias of the api names.
    files: ['api/test/deploy/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['libs/domain/src/**/*.ts', 'libs/contracts/src/**/*.ts'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // Whether a webhook may call an address is a rule: node:net and ipaddr.js lend it address
    // arithmetic (isIP; ipaddr.js's named special ranges) and nothing that opens a socket; the DNS
    // lookup is passed in. This file is kept out of the domain's index, which the web bundles.
    files: ['libs/domain/src/webhook-target.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        ...layerZones,
        ...pureLibZones.map((zone) =>
          zone.target === 'libs/domain' && zone.from === NODE_MODULES
            ? { ...zone, except: ['**/node_modules/ipaddr.js/**'] }
            : zone,
        ),
        ...apiModuleZones,
        ...webFeatureZones,
        ...webSharedZones,
      ]),
      'import-x/no-nodejs-modules': ['error', { allow: ['node:net'] }],
      'no-restricted-imports': noClimbing({
        paths: [
          {
            name: 'node:net',
            allowImportNames: ['BlockList', 'isIP', 'isIPv4', 'isIPv6'],
            message: "Only node:net's address arithmetic: a domain rule opens no socket.",
          },
        ],
      }),
    },
  },
  {
    // One way to write an endpoint: a controller binds it to a command or a query (the CommandBus
    // and QueryBus, or for a plain read one query handler); the database is the handlers'. So a
    // controller imports no database client, no repository, and names no EntityManager, MikroORM
    // or Kysely (not even as a type it is handed); and it is handed nothing but the buses and the
    // request-level helpers of CONTROLLER_HELPERS (a service it called would do a handler's work).
    files: ['api/src/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': noClimbing({
        paths: ['@mikro-orm/core', '@mikro-orm/postgresql', '@mikro-orm/knex', '@mikro-orm/kysely', 'kysely', '@nocturne/db'].map(
          (name) => ({ name, message: CONTROLLER_NO_DATABASE }),
        ),
        patterns: [{ regex: '\\.repository(\\.js)?$', message: CONTROLLER_NO_DATABASE }],
      }),
      'no-restricted-syntax': controllerSyntax(),
    },
  },
  ...Object.entries(CONTROLLER_HELPERS_OF).map(([file, helpers]) => ({
    files: [file],
    rules: { 'no-restricted-syntax': controllerSyntax(Object.keys(helpers)) },
  })),
  {
    // The web reaches the api only through the route table generated from the endpoint list
    // (`@nocturne/contracts/routes`, called with lib/api-client's `api.call`): a path spelled by
    // hand would drift from the api unnoticed.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${API_PATH}], TemplateElement[value.raw=${API_PATH}]`,
          message: 'Call the api through `api.call(routes.<endpoint>, …)` (@nocturne/contracts/routes), not a hand-written path.',
        },
      ],
    },
  },
);
