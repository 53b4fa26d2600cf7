import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { call, randomIp, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, seriousViolations, test } from './fixtures';

// Staff edit and delete news posts from the News tab, and a member's open feed
// shows the change on its next poll (no reload). Against the whole stack.
requireApi();

/** Moves the member page's clock past the 30-second feed poll and waits for its 200 answer. */
async function nextFeedPoll(page: Page) {
  const polled = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/news' && answer.status() === 200);
  await page.clock.fastForward(31_000);
  await polled;
}

test('an admin edits a post and deletes it; an open member feed follows on its next poll', async ({ page, browser, request }) => {
  const admin = await signInAdmin(request);
  const title = `E2E edit me ${randomUUID().slice(0, 6)}`;
  const edited = `${title} (moved to Saturday)`;
  await call(request, 'POST', '/api/admin/news', admin, { title, content: 'Doors at nine.', contentType: 'event' });

  // The member's feed is open, on a clock the test moves.
  const member = await registerMember(request, 'Poll');
  await page.clock.install();
  await useSession(page, member);
  await page.goto('/member-dashboard');
  await expect(page.getByText(title, { exact: true })).toBeVisible();

  const staff = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const adminPage = await staff.newPage();
  // A second context: the fixtures' "already confirmed 18+" is set for the default page only.
  await adminPage.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
  await useSession(adminPage, admin);
  await adminPage.goto('/admin-dashboard');
  await adminPage.getByRole('tab', { name: 'News' }).click();
  const posts = adminPage.getByRole('list', { name: 'Published posts' });
  await expect(posts.getByText(title, { exact: true })).toBeVisible();
  expect(await seriousViolations(adminPage, '[role="tabpanel"]')).toEqual([]);

  await posts.getByRole('button', { name: `Edit ${title}` }).click();
  const form = adminPage.getByRole('form', { name: `Edit news post: ${title}` });
  await expect(form.getByLabel(/^Title/)).toHaveValue(title);
  expect(await seriousViolations(adminPage, '[role="tabpanel"]')).toEqual([]);
  await form.getByLabel(/^Title/).fill(edited);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(adminPage.getByText('News post updated successfully.', { exact: true })).toBeVisible();
  await expect(posts.getByText(edited, { exact: true })).toBeVisible();

  await nextFeedPoll(page);
  await expect(page.getByText(edited, { exact: true })).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);

  await posts.getByRole('button', { name: `Delete ${edited}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Delete post?' });
  await expect(dialog).toContainText('Members keep the points their comments earned.');
  expect(await seriousViolations(adminPage, '[role="dialog"]')).toEqual([]);
  // Escape closes it and nothing is deleted.
  await adminPage.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(posts.getByText(edited, { exact: true })).toBeVisible();

  await posts.getByRole('button', { name: `Delete ${edited}` }).click();
  await dialog.getByRole('button', { name: 'Delete Post' }).click();
  await expect(adminPage.getByText('News post deleted successfully.', { exact: true })).toBeVisible();
  await expect(posts.getByText(edited, { exact: true })).toHaveCount(0);

  await nextFeedPoll(page);
  await expect(page.getByText(edited, { exact: true })).toHaveCount(0);
  await staff.close();
});
