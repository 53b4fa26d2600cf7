import { test as base, expect, type Page } from '@playwright/test';

/** Visitors in most tests have already confirmed they are 18+ on this device. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
    await use(page);
  },
});

export { expect };

/** True when the page can be scrolled sideways (what a phone user would notice). */
export const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

export const PHONE = { width: 375, height: 740 };
