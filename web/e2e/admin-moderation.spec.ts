import { randomUUID } from 'node:crypto';
import { call, openAdminScreen, randomIp, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, hasHorizontalScroll, PHONE, seriousViolations, test } from './fixtures';

// A member's comment found by staff in the Comments tab and removed; the
// member's Points History shows the reward taken back as "Comment removed by staff". Against the
// whole stack.
requireApi();

const LAPTOP = { width: 1280, height: 800 };

for (const [device, viewport] of [
  ['laptop', LAPTOP],
  ['phone', PHONE],
] as const) {
  test(`on a ${device}: staff find a comment by search and remove it; the member's history says "Comment removed by staff"`, async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const admin = await signInAdmin(request);
    const title = `E2E moderation ${randomUUID().slice(0, 6)}`;
    const post = await call<{ id: string }>(request, 'POST', '/api/admin/news', admin, {
      title,
      content: 'Comment here.',
      contentType: 'event',
    });
    const member = await registerMember(request, 'Mod');
    const spam = `Cheap watches ${randomUUID().slice(0, 8)}`;
    await call(request, 'POST', `/api/news/${post.id}/comments`, member, { content: spam });

    await useSession(page, admin);
    await page.goto('/admin-dashboard');
    const panel = await openAdminScreen(page, 'Comments');
    await panel.getByLabel('Search comments').fill(spam);
    const comments = panel.getByRole('list', { name: 'Comments' });
    const card = comments.getByRole('listitem', { name: 'Comment by Mod Tester' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(spam);
    await expect(card).toContainText(title);
    await expect(card).toContainText('Earned 5 points');
    expect(await seriousViolations(page, '[role="tabpanel"]')).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Clicking the author filters by them, as a chip.
    await card.getByRole('button', { name: 'Show comments by Mod Tester' }).click();
    await expect(panel.getByRole('list', { name: 'Active filters' })).toContainText('Member: Mod Tester');

    await card.getByRole('button', { name: 'Remove comment by Mod Tester' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove comment?' });
    await expect(dialog).toContainText('Mod Tester loses the 5 points it earned');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove Comment' }).click();
    await expect(page.getByText('Mod Tester lost 5 points.', { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(panel.getByText('No comments match these filters.')).toBeVisible();

    // Removed ones are listed on request, with who removed them.
    await panel.getByLabel('Status', { exact: true }).selectOption('removed');
    await expect(card).toContainText(/Removed by \S+/);
    await expect(card).toContainText('5 points taken back');

    // The member sees it in their own Points History.
    const memberContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
    const memberPage = await memberContext.newPage();
    await memberPage.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
    await useSession(memberPage, member);
    await memberPage.goto('/member-dashboard');
    await memberPage.getByRole('tab', { name: 'Points' }).click();
    await expect(memberPage.getByText(`Comment removed by staff: ${title}`, { exact: true })).toBeVisible();
    await expect(memberPage.getByText(`Commented on: ${title}`, { exact: true })).toBeVisible();
    await memberContext.close();
  });
}
