// Shared jest settings: TypeScript through @swc/jest, emitted as native ES modules
// (every dependency here is ESM-only), workspace packages resolved to their sources.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2024',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

export function baseConfig(displayName, overrides = {}) {
  return {
    displayName,
    rootDir: root,
    testEnvironment: 'node',
    // api and worker import their own folders by package alias (`#infrastructure/…`): this
    // condition of their package.json `imports` points at the sources rather than dist/.
    testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'nocturne-source'] },
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    moduleNameMapper: {
      '^@nocturne/contracts/constants$': '<rootDir>/libs/contracts/src/constants.ts',
      '^@nocturne/contracts/routes$': '<rootDir>/libs/contracts/src/routes.generated.ts',
      '^@nocturne/contracts/route-table$': '<rootDir>/libs/contracts/src/route-table.ts',
      // Node-only (node:net): kept out of the domain index, which the web bundles.
      '^@nocturne/domain/webhook-target$': '<rootDir>/libs/domain/src/webhook-target.ts',
      '^@nocturne/testing/wallet-passes$': '<rootDir>/libs/testing/src/wallet-passes.ts',
      '^@nocturne/(config|domain|contracts|queues|db|ledger|storage|sync-jobs|testing)$': '<rootDir>/libs/$1/src/index.ts',
      // The api's factory, for the test harness in libs/testing that starts the api.
      '^@nocturne/api/app-factory$': '<rootDir>/api/src/app.factory.ts',
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
    ...overrides,
  };
}
