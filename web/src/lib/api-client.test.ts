import { beforeEach, describe, expect, it } from '@jest/globals';
import * as routes from '@nocturne/contracts/routes';
import { mockFetch } from '@/testing/render';
import { api, ApiError, forgetValidatedAnswers } from './api-client';

const urlOfCall = (fetchMock: ReturnType<typeof mockFetch>, call = 0) => fetchMock.mock.calls[call]?.[0];
const initOfCall = (fetchMock: ReturnType<typeof mockFetch>, call = 0) => fetchMock.mock.calls[call]?.[1];

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetValidatedAnswers();
  });

  it('sends JSON with the stored session as a bearer token', async () => {
    localStorage.setItem('sessionId', 'abc');
    const fetchMock = mockFetch({ status: 200, body: { ok: 1 } });
    await expect(api.call(routes.postComment, { params: { id: 'p1' }, body: { content: 'hi' } })).resolves.toEqual({ ok: 1 });
    expect(urlOfCall(fetchMock)).toBe(routes.postComment.path.replace(':id', 'p1'));
    expect(initOfCall(fetchMock)?.method).toBe('POST');
    expect(initOfCall(fetchMock)?.body).toBe('{"content":"hi"}');
    const headers = initOfCall(fetchMock)?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('fills path parameters encoded and sends only the query values that are set', async () => {
    const fetchMock = mockFetch({ status: 200, body: {} }, { status: 200, body: {} }, { status: 200, body: {} });
    await api.call(routes.getAdminMember, { params: { id: 'a/b c' }, query: { history: 40 } });
    await api.call(routes.listAdminComments, { query: { status: 'all', q: '', postId: undefined, limit: 25 } });
    await api.call(routes.getMe);
    expect([urlOfCall(fetchMock, 0), urlOfCall(fetchMock, 1), urlOfCall(fetchMock, 2)]).toEqual([
      `${routes.getAdminMember.path.replace(':id', 'a%2Fb%20c')}?history=40`,
      `${routes.listAdminComments.path}?status=all&limit=25`,
      routes.getMe.path,
    ]);
  });

  it('sends {} for a write without a body, and no body for a DELETE without one', async () => {
    const fetchMock = mockFetch({ status: 200, body: {} }, { status: 200, body: {} });
    await api.call(routes.claimCoupon, { params: { id: 'c1' } });
    await api.call(routes.deleteCoupon, { params: { id: 'c1' } });
    expect([initOfCall(fetchMock, 0)?.body, initOfCall(fetchMock, 1)?.body]).toEqual(['{}', undefined]);
    expect(initOfCall(fetchMock, 1)?.method).toBe('DELETE');
  });

  it('turns a failure into "status: body" and keeps the parsed body', async () => {
    const body = { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' };
    mockFetch({ status: 429, body });
    const error = await api.call(routes.getMe).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`429: ${JSON.stringify(body)}`);
    expect((error as ApiError).serverMessage).toBe('Slow down');
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ status: 502 });
    await expect(api.call(routes.getMe)).rejects.toThrow('502: Status');
  });

  it('revalidates a GET with its ETag and keeps the data on 304', async () => {
    localStorage.setItem('sessionId', 'abc');
    const fetchMock = mockFetch(
      { status: 200, body: { posts: ['first'] }, headers: { ETag: 'W/"v1"' } },
      { status: 304 },
      { status: 200, body: { posts: ['second'] }, headers: { ETag: 'W/"v2"' } },
    );
    await expect(api.call(routes.listNews)).resolves.toEqual({ posts: ['first'] });
    await expect(api.call(routes.listNews)).resolves.toEqual({ posts: ['first'] });
    await expect(api.call(routes.listNews)).resolves.toEqual({ posts: ['second'] });
    const sent = (call: number) => (initOfCall(fetchMock, call)?.headers as Record<string, string>)['If-None-Match'];
    expect([sent(0), sent(1), sent(2)]).toEqual([undefined, 'W/"v1"', 'W/"v1"']);
  });

  it('never revalidates across sessions or for writes', async () => {
    localStorage.setItem('sessionId', 'abc');
    const fetchMock = mockFetch(
      { status: 200, body: { id: 'a' }, headers: { ETag: 'W/"v1"' } },
      { status: 200, body: { id: 'b' }, headers: { ETag: 'W/"v1"' } },
      { status: 200, body: {} },
    );
    await api.call(routes.getMe);
    localStorage.setItem('sessionId', 'xyz');
    await expect(api.call(routes.getMe)).resolves.toEqual({ id: 'b' });
    await api.call(routes.updateMyProfile, { body: { firstName: 'A', lastName: 'B' } });
    const sent = (call: number) => (initOfCall(fetchMock, call)?.headers as Record<string, string>)['If-None-Match'];
    expect([sent(1), sent(2)]).toEqual([undefined, undefined]);
  });
});
