import { registerMember, requireApi, useSession } from './club';
import { expect, PHONE, seriousViolations, test } from './fixtures';

// axe-core on the pages people use most, on a laptop and on a phone: no serious or critical
// violations (the levels that stop someone using the page with a screen reader or keyboard).
requireApi();

for (const [device, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test.describe(`accessibility on a ${device}`, () => {
    test.use({ viewport });

    test('the landing page and sign-in', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('#main')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/members-login');
      await expect(page.getByRole('heading', { name: 'Members Portal' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('every tab of the members area', async ({ page, request }) => {
      const member = await registerMember(request, 'Axe');
      await useSession(page, member);
      await page.goto('/member-dashboard');
      for (const tab of ['News Feed', 'Coupons', 'My card', 'Points', 'Profile']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        // Lists settle (no "Loading..." left) before the check.
        await expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
        expect(await seriousViolations(page), tab).toEqual([]);
      }
    });
  });
}
