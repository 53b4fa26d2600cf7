import { baseConfig } from '../libs/testing/jest/base.js';

const base = baseConfig('web');

export default baseConfig('web', {
  roots: ['<rootDir>/web/src'],
  testEnvironment: 'jsdom',
  // A screen test clicks through several renders; on a loaded two-core machine one took over 5 s.
  testTimeout: 15_000,
  testMatch: ['**/*.test.tsx', '**/*.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/web/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/web/src/$1',
    ...base.moduleNameMapper,
    '\\.(css)$': '<rootDir>/web/src/testing/style-mock.ts',
    '\\.(svg|png|webp|avif|jpg|mp4|webm)$': '<rootDir>/web/src/testing/file-mock.ts',
  },
});
