// ESLint flat config for the whole monorepo (TypeScript, ES modules, React in web/).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** A string that is, or starts a request to, one of the api's paths ("/api/…", "GET /api/…", "/health/…"). */
const API_PATH = String.raw`/^((GET|POST|PUT|PATCH|DELETE) )?\/(api|health|metrics)(\/|$)/`;

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Web: features never import each other; app/ composes them (bulletproof-react). Shared code
 * (lib, components, config, testing) imports no feature and no route. Every import outside a
 * feature's folder goes through the `@/` alias, so the patterns below see it.
 */
const WEB_FEATURES = foldersIn('./web/src/features/');
const webBoundaries = [
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
                `@/features/${other}`,
                `@/features/${other}/**`,
              ]),
              message:
                'Features never import each other: pass what one needs from the other in app/, or move the shared part to lib/.',
            },
            { group: ['@/app', '@/app/**'], message: 'app/ composes the features, not the other way round.' },
            {
              regex: '^(\\.\\./){2,}',
              message: "Leave the feature's folder through the @/ alias (lib, components, config), not by climbing folders.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/{lib,components,config,testing}/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/**', '@/app/**'], message: 'Shared web code imports no feature and no route.' }] },
      ],
    },
  },
];

/**
 * Api: a module (api/src/modules/<m>/) is reached from outside only through its public file,
 * `<m>.public.ts` (what other modules may use: services, decorators, guards, commands), or its
 * Nest module, `<m>.module.ts` (for the app's imports). The imports are relative, so a file at
 * depth d under its module reaches the modules folder with d + 1 `../`: one block per module
 * and depth says which specifiers name another module's internals. Tests (`*.spec.ts` beside the
 * code, and api/test/) may reach internals: a unit test builds a handler from its parts.
 */
const API_MODULES = foldersIn('./api/src/modules/');
const MAX_API_DEPTH = 5;
const publicOnly = (prefix, ownModule) =>
  `${prefix}${ownModule ? `(?!${escapeRegex(ownModule)}/)` : ''}([^./][^/]*)/(?!\\1\\.(?:public|module)\\.js$)`;
const API_BOUNDARY_MESSAGE = "Another module's internals: import its <module>.public.ts (or <module>.module.ts) instead.";
const apiBoundaries = [
  {
    // Outside the modules (common, infrastructure, scripts, the app's root files).
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/modules/**', 'api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: publicOnly('(?:^|/)modules/'), message: API_BOUNDARY_MESSAGE }] }],
    },
  },
  ...API_MODULES.flatMap((module) =>
    Array.from({ length: MAX_API_DEPTH + 1 }, (_, depth) => ({
      files: [`api/src/modules/${module}/${'*/'.repeat(depth)}*.ts`],
      ignores: ['api/src/**/*.spec.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: publicOnly(`^(?:\\.\\./){${depth + 1}}`, module), message: API_BOUNDARY_MESSAGE },
              // Climbing past the modules folder and back into it.
              { regex: publicOnly(`^(?:\\.\\./){${depth + 2},}(?:.*/)?modules/`), message: API_BOUNDARY_MESSAGE },
            ],
          },
        ],
      },
    })),
  ),
];

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
    // Nest injects by the runtime class of constructor parameters: those imports must stay values.
    files: ['api/src/**/*.ts', 'worker/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
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
  ...webBoundaries,
  ...apiBoundaries,
);
