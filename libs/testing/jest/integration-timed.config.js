import { baseConfig } from './base.js';

/**
 * The integration tests that hold a latency budget (*.timed.spec.ts), one file at a time after
 * the rest: a budget measured while another test file's bursts share the two cores measures the
 * neighbour. Same database and Redis setup as integration.config.js. Each test gets one retry
 * (retry-once.js): a budget missed twice is a regression, once may be the machine.
 */
export default baseConfig('integration-timed', {
  roots: ['<rootDir>/api', '<rootDir>/worker', '<rootDir>/libs'],
  testMatch: ['**/test/**/*.timed.spec.ts'],
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.js',
  globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.js',
  setupFilesAfterEnv: ['<rootDir>/libs/testing/jest/retry-once.js'],
  testTimeout: 60_000,
  maxWorkers: 1,
  forceExit: true,
});
