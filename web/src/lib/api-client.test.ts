import { beforeEach, describe, expect, it } from '@jest/globals';
import { mockFetch } from '@/testing/render';
import { api, ApiError } from './api-client';

describe('api client', () => {
  beforeEach(() => localStorage.clear());

  it('sends JSON with the stored session as a bearer token', async () => {
    localStorage.setItem('sessionId', 'abc');
    const fetchMock = mockFetch({ status: 200, body: { ok: 1 } });
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('turns a failure into "status: body" and keeps the parsed body', async () => {
    const body = { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' };
    mockFetch({ status: 429, body });
    const error = await api.get('/api/x').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`429: ${JSON.stringify(body)}`);
    expect((error as ApiError).serverMessage).toBe('Slow down');
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ status: 502 });
    await expect(api.get('/api/x')).rejects.toThrow('502: Status');
  });
});
