import { randomUUID } from 'node:crypto';
import { call, signInAdmin } from './club';
import { expect, test } from './fixtures';

// The SPA polls the documented endpoints (lib/polling.ts): what staff publish reaches an open
// member screen without a reload. Runs against the whole stack only.
test.beforeEach(async ({ request }) => {
  const answer = await request.get('/api/openapi.json').catch(() => null);
  const isApi = !!answer && answer.ok() && (answer.headers()['content-type'] ?? '').includes('json');
  test.skip(!isApi, 'needs the API (E2E_BASE_URL pointing at the full stack)');
});

test('a post the admin publishes appears in an open member feed without a reload', async ({ page, request }) => {
  const email = `e2e-poll-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { email, firstName: 'Pat', lastName: 'Poller', password: 'night-owl-password-1', dateOfBirth: '1990-06-15' },
  });
  expect(registered.status()).toBe(202);
  const signedIn = await request.post('/api/auth/login', { data: { email, password: 'night-owl-password-1' } });
  expect(signedIn.status()).toBe(200);
  const { sessionId, user } = (await signedIn.json()) as { sessionId: string; user: unknown };

  // The page's timers run on a clock the test moves, so the 30-second poll need not be waited out.
  await page.clock.install();
  await page.addInitScript(
    ([id, who]) => {
      localStorage.setItem('sessionId', id);
      localStorage.setItem('user', who);
    },
    [sessionId, JSON.stringify(user)] as const,
  );
  await page.goto('/member-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The admin gives a second factor after the password; the shared helper answers it.
  const admin = await signInAdmin(request);
  const title = `Polled news ${randomUUID().slice(0, 6)}`;
  await call(request, 'POST', '/api/admin/news', admin, { title, content: 'Published while the member was looking.' });

  await expect(page.getByText(title)).toHaveCount(0);
  const polled = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/news' && answer.status() === 200);
  await page.clock.fastForward(31_000);
  await polled;
  await expect(page.getByText(title)).toBeVisible();

  // The next poll finds nothing new: the api answers 304 and the feed keeps its posts.
  const revalidated = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/news');
  await page.clock.fastForward(31_000);
  expect((await revalidated).status()).toBe(304);
  await expect(page.getByText(title)).toBeVisible();
});
