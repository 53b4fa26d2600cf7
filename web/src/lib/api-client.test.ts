import { beforeEach, describe, expect, it } from '@jest/globals';
import { mockFetch } from '@/testing/render';
import { api, ApiError, forgetValidatedAnswers } from './api-client';

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetValidatedAnswers();
  });

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

  it('revalidates a GET with its ETag and keeps the data on 304', async () => {
    localStorage.setItem('sessionId', 'abc');
    const fetchMock = mockFetch(
      { status: 200, body: { posts: ['first'] }, headers: { ETag: 'W/"v1"' } },
      { status: 304 },
      { status: 200, body: { posts: ['second'] }, headers: { ETag: 'W/"v2"' } },
    );
    await expect(api.get('/api/news')).resolves.toEqual({ posts: ['first'] });
    await expect(api.get('/api/news')).resolves.toEqual({ posts: ['first'] });
    await expect(api.get('/api/news')).resolves.toEqual({ posts: ['second'] });
    const sent = (call: number) => (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>)['If-None-Match'];
    expect([sent(0), sent(1), sent(2)]).toEqual([undefined, 'W/"v1"', 'W/"v1"']);
  });

  it('never revalidates across sessions or for writes', async () => {
    localStorage.setItem('sessionId', 'abc');
    const fetchMock = mockFetch(
      { status: 200, body: { id: 'a' }, headers: { ETag: 'W/"v1"' } },
      { status: 200, body: { id: 'b' }, headers: { ETag: 'W/"v1"' } },
      { status: 200, body: {} },
    );
    await api.get('/api/auth/me');
    localStorage.setItem('sessionId', 'xyz');
    await expect(api.get('/api/auth/me')).resolves.toEqual({ id: 'b' });
    await api.post('/api/auth/me');
    const sent = (call: number) => (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>)['If-None-Match'];
    expect([sent(1), sent(2)]).toEqual([undefined, undefined]);
  });
});
