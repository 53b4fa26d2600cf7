import '@testing-library/jest-dom/jest-globals';
import { afterEach, beforeEach, jest } from '@jest/globals';
import { TextDecoder, TextEncoder } from 'node:util';
import { format } from 'node:util';

// jsdom leaves out these web APIs, which react-router uses.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Tests that drive React without Testing Library (hydrating the prerendered page) use act() too.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// An unexpected console.error (a hydration mismatch, an update outside act(), a failed prop type)
// fails the test that caused it. A test that expects one spies on console.error itself.
let consoleErrors: string[] = [];
let consoleErrorSpy: ReturnType<typeof jest.spyOn> | undefined;
beforeEach(() => {
  consoleErrors = [];
  consoleErrorSpy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});
afterEach(() => {
  consoleErrorSpy?.mockRestore();
  if (consoleErrors.length > 0) {
    throw new Error(`Unexpected console.error (${consoleErrors.length}):\n${consoleErrors.join('\n---\n')}`);
  }
});
