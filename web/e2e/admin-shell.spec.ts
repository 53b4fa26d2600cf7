import type { Locator, Page } from '@playwright/test';
import { call, openAdminScreen, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, hasHorizontalScroll, PHONE, seriousViolations, test } from './fixtures';

// The admin on a phone and from the keyboard. Every tab of the dashboard is
// readable at 375 px (nothing cut off: content fits, or sits in a sideways scroller that shows a
// cue), dialogs close with Escape, /admin-login is a staff sign-in, and axe finds no serious or
// critical violations on any tab at laptop or phone width.
requireApi();

const LAPTOP = { width: 1280, height: 800 };

/** A member's own page (/admin/members/:id), opened from the Members tab: checked beside the tabs. */
let shellMemberId = '';

/** Something in each list the tabs show: a member and a comment, a message, a booking, a webhook if it can be registered. */
test.beforeAll(async ({ request }) => {
  const admin = await signInAdmin(request);
  const member = await registerMember(request, 'Shell');
  shellMemberId = member.user.id;
  const post = await call<{ id: string }>(request, 'POST', '/api/admin/news', admin, {
    title: 'Shell night',
    content: 'Doors at nine.',
  });
  await call(request, 'POST', `/api/news/${post.id}/comments`, member, { content: 'See you there!' });
  await call(request, 'POST', '/api/contact', undefined, {
    name: 'Sam Carter',
    email: 'sam@example.com',
    message: 'Do you have a coat check?',
  });
  await call(request, 'POST', '/api/bookings', undefined, {
    name: 'Jordan Lee',
    email: 'jordan@example.com',
    phone: '0400 000 000',
    // A night and a time are required; a week ahead the slot has not begun.
    date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    time: '22:00',
    guests: '4',
    service: 'vip-room',
    message: '',
    fillMs: 4200,
  });
  // A webhook needs a public host that resolves; where DNS is unavailable the tab is checked with its form only.
  await call(request, 'POST', '/api/admin/webhooks', admin, {
    url: 'https://example.com/nocturne',
    events: ['coupon.claimed'],
  }).catch(() => undefined);
});

async function openAdmin(page: Page, request: Parameters<typeof signInAdmin>[0]) {
  await useSession(page, await signInAdmin(request));
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** The dashboard's screens as its tabs list them (hidden on a phone, still there), so a screen added later is checked too. */
async function adminTabs(page: Page): Promise<string[]> {
  const tabs = page
    .getByRole('tablist', { name: 'Admin dashboard', includeHidden: true })
    .getByRole('tab', { includeHidden: true });
  return (await tabs.allTextContents()).map((text) => text.trim());
}

/** Its tab, or on a phone the menu; lists settle (no "Loading..." left) before anything is measured. */
async function openTab(page: Page, name: string): Promise<Locator> {
  const panel = await openAdminScreen(page, name);
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * What a phone user could not read: visible elements reaching past the viewport's sides, unless a
 * sideways scroller holds them and shows a cue (`data-scroll-cue` on the scroller), and tables
 * wider than their container outside such a scroller.
 */
function cutOff(panel: Locator): Promise<string[]> {
  return panel.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const cuedScroller = (element: Element) => {
      for (let node = element.parentElement; node && node !== root.parentElement; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return node.hasAttribute('data-scroll-cue');
      }
      return false;
    };
    const srOnly = (element: Element) => {
      for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
        const box = node.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1 && getComputedStyle(node).overflow === 'hidden') return true;
      }
      return false;
    };
    const problems: string[] = [];
    for (const element of root.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      // Screen-reader-only text (e.g. a header row kept for assistive tech) is clipped to 1 px on purpose.
      if (srOnly(element)) continue;
      if (!cuedScroller(element))
        problems.push(`${name(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
    }
    for (const table of root.querySelectorAll('table')) {
      const container = table.parentElement;
      if (container && table.scrollWidth > container.clientWidth + 1 && !cuedScroller(table)) {
        problems.push(`table ${name(table)} is ${table.scrollWidth} px wide in ${container.clientWidth} px`);
      }
    }
    // One line per cut-off element is enough: its children say the same.
    return problems.slice(0, 10);
  });
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('every admin tab is readable: nothing cut off, no sideways page scroll', async ({ page, request }) => {
    await openAdmin(page, request);
    const tabs = await adminTabs(page);
    expect(tabs).toEqual(
      expect.arrayContaining([
        'Overview',
        'News',
        'Comments',
        'Members',
        'ActiveCampaign',
        'Coupons',
        'Bookings',
        'Messages',
        'Webhooks',
        'Staff',
      ]),
    );
    for (const tab of tabs) {
      const panel = await openTab(page, tab);
      expect.soft(await cutOff(panel), tab).toEqual([]);
      expect.soft(await hasHorizontalScroll(page), `${tab}: the page scrolls sideways`).toBe(false);
    }
  });

  test('the members table turns into cards that name each value', async ({ page, request }) => {
    await openAdmin(page, request);
    const panel = await openTab(page, 'Members');
    const row = panel.getByRole('row').filter({ hasText: 'Shell' }).first();
    await expect(row).toBeVisible();
    const sync = row.getByRole('button', { name: /^Sync to AC/ });
    // Below the (wrapping) tab bar the card may start under the fold: scrolled to, nothing of it is cut off sideways.
    await sync.scrollIntoViewIfNeeded();
    await expect(sync).toBeInViewport({ ratio: 1 });
    const label = await row.locator('td[data-label="Email"]').evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Email"');
  });
});

test.describe('from the keyboard', () => {
  test.use({ viewport: LAPTOP });

  test('Escape closes the admin dialogs: the QR scanner and the image uploader', async ({ page, request }) => {
    await openAdmin(page, request);
    await openTab(page, 'Coupons');
    const scan = page.getByRole('button', { name: 'Scan QR Code' });
    await scan.click();
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(scan).toBeFocused();

    await openTab(page, 'News');
    await page.getByRole('button', { name: 'Upload Image' }).click();
    const uploader = page.locator('.uppy-Dashboard--modal');
    await expect(uploader).toHaveAttribute('aria-hidden', 'false');
    await page.keyboard.press('Escape');
    await expect(uploader).toHaveAttribute('aria-hidden', 'true');
  });

  test("Escape closes the member area's delete-account dialog", async ({ page, request }) => {
    await useSession(page, await registerMember(request, 'Keys'));
    await page.goto('/member-dashboard');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('/admin-login is a staff sign-in without Create Account; /members-login keeps it', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(/create account/i)).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.goto('/members-login');
  await expect(page.getByRole('tab', { name: 'Create Account' })).toBeVisible();
});

for (const [device, viewport] of [
  ['laptop', LAPTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`axe on a ${device}`, () => {
    test.use({ viewport });

    test('every admin tab and the staff sign-in: no serious or critical violations', async ({ page, request }) => {
      // Thirteen screens, each opened and read by axe: more than the default 30 s allows.
      test.setTimeout(120_000);
      await page.goto('/admin-login');
      await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
      expect.soft(await seriousViolations(page), '/admin-login').toEqual([]);
      await openAdmin(page, request);
      for (const tab of await adminTabs(page)) {
        await openTab(page, tab);
        expect.soft(await seriousViolations(page), tab).toEqual([]);
      }
      await page.goto(`/admin/members/${shellMemberId}`);
      await expect(page.getByRole('heading', { name: 'Shell Tester' })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      expect.soft(await seriousViolations(page), '/admin/members/:id').toEqual([]);
    });
  });
}
