import { baseConfig } from './base.js';

export default baseConfig('integration', {
  roots: ['<rootDir>/api', '<rootDir>/worker', '<rootDir>/libs'],
  testMatch: ['**/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.js',
  globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.js',
  testTimeout: 60_000,
  maxWorkers: 2,
  // Connection pools and queue clients of a failed test must not hold the run open.
  forceExit: true,
});
