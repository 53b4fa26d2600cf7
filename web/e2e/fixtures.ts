import { test as base, expect, type Page } from '@playwright/test';

/** A documentation-range client address per test: the stack under test trusts X-Forwarded-For,
 * so per-IP rate limits (5 sign-ups an hour) apply to each test as to a separate visitor. */
const visitorIp = () => `203.0.113.${Math.floor(Math.random() * 254) + 1}`;

/** Visitors in most tests have already confirmed they are 18+ on this device. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorIp() });
    await use(context);
  },
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
