import { jest } from '@jest/globals';
import { type ArgumentsHost, HttpStatus, Logger } from '@nestjs/common';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { RetryLaterException } from './retry-later.js';

/** A reply that records what was sent. */
function host() {
  const sent: { status?: number; body?: unknown; headers: Record<string, unknown> } = { headers: {} };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(name: string, value: unknown) {
      sent.headers[name.toLowerCase()] = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const argumentsHost = { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
  return { argumentsHost, sent };
}

describe('HttpExceptionFilter', () => {
  const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  afterEach(() => {
    error.mockClear();
    warn.mockClear();
  });
  afterAll(() => {
    error.mockRestore();
    warn.mockRestore();
  });

  it('answers a designed 503 ("ask again in N seconds") with Retry-After, logged as one warning line without a stack', () => {
    const { argumentsHost, sent } = host();
    new HttpExceptionFilter().catch(
      new RetryLaterException(5, 'Busy: ask again shortly', HttpStatus.SERVICE_UNAVAILABLE),
      argumentsHost,
    );
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect(warn).toHaveBeenCalledWith('503: Busy: ask again shortly');
    expect(error).not.toHaveBeenCalled();
  });

  it('logs any other 500 with its stack', () => {
    const { argumentsHost, sent } = host();
    new HttpExceptionFilter().catch(new Error('something broke'), argumentsHost);
    expect(sent.status).toBe(500);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Error: something broke\n    at '));
    expect(warn).not.toHaveBeenCalled();
  });
});
