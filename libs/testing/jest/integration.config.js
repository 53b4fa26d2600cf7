import { baseConfig } from './base.js';

export default baseConfig('integration', {
  roots: ['<rootDir>/api', '<rootDir>/worker', '<rootDir>/libs'],
  testMatch: ['**/test/**/*.spec.ts'],
  // Timed tests (*.timed.spec.ts) run afterwards, alone (integration-timed.config.js): beside another
  // test file they would measure that file's CPU as much as their own code.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.timed\\.spec\\.ts$'],
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.js',
  globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.js',
  testTimeout: 60_000,
  maxWorkers: 2,
  // Connection pools and queue clients of a failed test must not hold the run open.
  forceExit: true,
});
