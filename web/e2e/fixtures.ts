import AxeBuilder from '@axe-core/playwright';
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

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on the page, or only inside `selector`
 * (a dialog, a tab's panel): what every screen's accessibility check expects to be empty.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (selector) builder = builder.include(selector);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
