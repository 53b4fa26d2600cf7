import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { registerMember, requireApi, useSession } from './club';
import { expect, PHONE, test } from './fixtures';

// axe-core on the pages people use most, on a laptop and on a phone: no serious or critical
// violations (the levels that stop someone using the page with a screen reader or keyboard).
requireApi();

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

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
      for (const tab of ['News Feed', 'Coupons', 'Points', 'Profile']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        // Lists settle (no "Loading..." left) before the check.
        await expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
        expect(await seriousViolations(page), tab).toEqual([]);
      }
    });
  });
}
