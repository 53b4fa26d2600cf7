import { jest } from '@jest/globals';
import { settleWithin } from './wait-for.js';

describe('settleWithin', () => {
  it('returns true as soon as the step finishes', async () => {
    await expect(settleWithin('a quick step', Promise.resolve('done'), 1000)).resolves.toBe(true);
  });

  it('passes a failing step on as its error', async () => {
    await expect(settleWithin('a failing step', Promise.reject(new Error('refused')), 1000)).rejects.toThrow('refused');
  });

  it('gives up on a step still pending after the limit, naming it on stderr', async () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const started = Date.now();
      await expect(settleWithin('closing the app', new Promise(() => undefined), 100)).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(written.join('')).toMatch(/^teardown: closing the app still pending after 100 ms; moving on\. Open: /);
    } finally {
      write.mockRestore();
    }
  });
});
