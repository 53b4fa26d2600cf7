import { baseConfig } from './base.js';

export default baseConfig('integration', {
  roots: ['<rootDir>/api', '<rootDir>/worker', '<rootDir>/libs'],
  testMatch: ['**/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.js',
  globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.js',
  testTimeout: 60_000,
  maxWorkers: 2,
});
