import { startTestApp, type TestApp } from '@nocturne/testing';

// Only the upload route reads raw bytes; everywhere else an image or octet-stream body is refused
// before it is read (it once buffered 10 MiB per request on every route).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const tenMiB = 'x'.repeat(10 * 1024 * 1024);

it.each([
  ['POST', '/api/auth/login', 'image/png'],
  ['POST', '/api/auth/register', 'application/octet-stream'],
  ['POST', '/api/contact', 'video/mp4'],
  ['POST', '/api/bookings', 'image/jpeg; charset=binary'],
])('%s %s with %s answers 415 in the one error shape', async (method, path, contentType) => {
  const started = Date.now();
  const answer = await t.request(method, path, { rawBody: tenMiB, headers: { 'content-type': contentType } });
  expect(answer.status).toBe(415);
  expect(answer.body).toEqual({
    success: false,
    statusCode: 415,
    error: 'Unsupported Media Type',
    message: expect.stringContaining('accepted only by the upload route'),
  });
  expect(Date.now() - started).toBeLessThan(5000);
});
