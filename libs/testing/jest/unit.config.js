import { baseConfig } from './base.js';

export default baseConfig('unit', {
  roots: ['<rootDir>/libs', '<rootDir>/api/src', '<rootDir>/worker/src'],
  testMatch: ['**/src/**/*.spec.ts'],
});
