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

// Security review L6: the api took application/x-www-form-urlencoded (Nest's default parser), so
// any site could post a plain HTML form to these endpoints. Only JSON bodies are read there now.
const form = 'email=someone%40example.com&firstName=Eve&lastName=Mallory&password=velvet-rope-2026&name=Eve&message=hello';
it.each([
  ['POST', '/api/contact', 'application/x-www-form-urlencoded'],
  ['POST', '/api/bookings', 'application/x-www-form-urlencoded'],
  ['POST', '/api/auth/forgot-password', 'application/x-www-form-urlencoded'],
  ['POST', '/api/auth/register', 'application/x-www-form-urlencoded; charset=UTF-8'],
  ['POST', '/api/auth/login', 'multipart/form-data; boundary=----x'],
  ['POST', '/api/contact', 'text/plain'],
])('%s %s with %s (what an HTML form on any site can send) answers 415', async (method, path, contentType) => {
  const answer = await t.request(method, path, { rawBody: form, headers: { 'content-type': contentType } });
  expect(answer.status).toBe(415);
  expect(answer.body).toEqual({
    success: false,
    statusCode: 415,
    error: 'Unsupported Media Type',
    message: expect.stringContaining('send application/json'),
  });
});

it('still reads JSON, with or without a charset', async () => {
  const answer = await t.request('POST', '/api/auth/forgot-password', {
    rawBody: JSON.stringify({ email: 'nobody@example.com' }),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  expect(answer.status).toBeLessThan(300);
});
