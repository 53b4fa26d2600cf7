import AxeBuilder from '@axe-core/playwright';
import { call, registerMember, requireApi, signInAdmin, useSession } from './club';
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

    // axe runs label-content-name-mismatch (WCAG 2.5.3, Label in Name) only when asked by name: it
    // is one of its experimental rules. Someone using speech says the words they see on a button.
    test("the News Feed's buttons have names that contain their visible text", async ({ page, request }) => {
      const admin = await signInAdmin(request);
      const title = `Label in name on a ${device}`;
      await call(request, 'POST', '/api/admin/news', admin, { title, content: 'Doors at nine.', contentType: 'event' });
      const member = await registerMember(request, 'Axe');
      await useSession(page, member);
      await page.goto('/member-dashboard');
      await page.getByRole('tab', { name: 'News Feed' }).click();
      const card = page.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: /View & Comment/ }).click();
      await expect(page.getByRole('button', { name: /Post Comment/ })).toBeVisible();
      const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
      const mismatches = results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
      expect(mismatches).toEqual([]);
      // The rule did run (axe lists it among passes, incomplete or inapplicable when nothing failed).
      const ran = [...results.passes, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id);
      expect(ran).toContain('label-content-name-mismatch');
    });
  });
}
