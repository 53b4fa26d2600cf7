import { PASSWORD, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, hasHorizontalScroll, PHONE, seriousViolations, test } from './fixtures';

// Against the whole stack: staff open a member from the Members table, adjust
// their points (the member sees the reason in their history), and disable the account (the
// member's open dashboard is signed out and signing in says why); enabling lets them back in.
requireApi();

const DISABLED = 'This account has been disabled. Please contact the venue.';

test("staff adjust a member's points and disable the account; the member sees both", async ({ page, browser, request }) => {
  const admin = await signInAdmin(request);
  const member = await registerMember(request, 'Marlowe');

  // The member has their dashboard open on another device.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
  await useSession(memberPage, member);
  await memberPage.goto('/member-dashboard');
  await expect(memberPage.getByRole('heading', { name: 'Members Area' })).toBeVisible();

  // Staff find the member in the Members table and open their page.
  await useSession(page, admin);
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByLabel('Search members').fill(member.user.email);
  await page.getByRole('link', { name: 'Marlowe Tester' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/members/${member.user.id}$`));
  await expect(page.getByRole('heading', { name: 'Marlowe Tester' })).toBeVisible();
  await expect(page.getByText('Welcome bonus')).toBeVisible();

  // Taking more than the balance is refused before anything is sent; adding works.
  await page.getByRole('button', { name: 'Adjust points' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust points' });
  await dialog.getByRole('radio', { name: 'Take points' }).check();
  await dialog.getByLabel(/^Points/).fill('999');
  await expect(dialog.getByRole('alert')).toContainText('a balance never goes below zero');
  await dialog.getByRole('radio', { name: 'Add points' }).check();
  await dialog.getByLabel(/^Points/).fill('15');
  await expect(dialog.getByText(`Balance after: ${member.user.currentPoints + 15} points`)).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill('Cocktail mix-up on Friday');
  await dialog.getByRole('radio', { name: 'Counts toward the tier' }).check();
  const [adjusted] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/points-adjustments')),
    dialog.getByRole('button', { name: 'Add 15 points' }).click(),
  ]);
  expect(adjusted.status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`15 points added for Marlowe: balance now ${member.user.currentPoints + 15} points.`, { exact: true }),
  ).toBeVisible();
  const staffHistory = page.getByRole('heading', { name: 'Points History' }).locator('xpath=ancestor::section');
  await expect(staffHistory.getByText('Staff adjustment: Cocktail mix-up on Friday (counts toward tier)')).toBeVisible();

  // The member reads it in their own history.
  await memberPage.getByRole('tab', { name: 'Points' }).click();
  const history = memberPage.getByRole('list', { name: 'Point history' });
  await expect(
    history.getByRole('listitem').filter({ hasText: 'Staff adjustment: Cocktail mix-up on Friday (counts toward tier)' }),
  ).toContainText('+15');

  // Disabling asks first and says the sessions end.
  await page.getByRole('button', { name: 'Disable account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable this account?' });
  await expect(confirm).toContainText('signed out everywhere at once');
  await confirm.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText("Marlowe's account is disabled and signed out everywhere.", { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Disabled / })).toBeVisible();

  // The member's open dashboard is signed out at its next call; signing in says why.
  await memberPage.getByRole('tab', { name: 'Coupons' }).click();
  await expect(memberPage).toHaveURL(/\/members-login$/);
  await memberPage.getByLabel('Email').fill(member.user.email);
  await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(memberPage.getByRole('alert')).toHaveText(DISABLED);

  // Enabled again, the member signs in.
  await page.getByRole('button', { name: 'Enable account' }).click();
  await page.getByRole('dialog', { name: 'Enable this account?' }).getByRole('button', { name: 'Enable account' }).click();
  await expect(page.getByRole('button', { name: 'Disable account' })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(memberPage).toHaveURL(/\/member-dashboard$/);

  // Back leads to the Members tab.
  await page.getByRole('link', { name: /Back to Members/ }).click();
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await memberContext.close();
});

for (const [device, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test.describe(`the member page on a ${device}`, () => {
    test.use({ viewport });

    test('no serious or critical axe violations, page or dialogs; nothing scrolls sideways', async ({ page, request }) => {
      const admin = await signInAdmin(request);
      const member = await registerMember(request, 'Axel');
      await useSession(page, admin);
      await page.goto(`/admin/members/${member.user.id}`);
      await expect(page.getByRole('heading', { name: 'Axel Tester' })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      expect.soft(await seriousViolations(page), 'member page').toEqual([]);
      expect.soft(await hasHorizontalScroll(page), 'the page scrolls sideways').toBe(false);
      await page.getByRole('button', { name: 'Adjust points' }).click();
      await expect(page.getByRole('dialog', { name: 'Adjust points' })).toBeVisible();
      expect.soft(await seriousViolations(page), 'adjust points dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Disable account' }).click();
      await expect(page.getByRole('dialog', { name: 'Disable this account?' })).toBeVisible();
      expect.soft(await seriousViolations(page), 'disable dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}
