import { expect, hasHorizontalScroll, PHONE, test } from './fixtures';

test.describe('landing page structure', () => {
  test('has nav, hero, the sections in order with their ids, then the footer', async ({ page }) => {
    await page.goto('/');
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('body header, main > section, body footer')].map((el) =>
        el.tagName === 'SECTION' ? el.id : el.tagName.toLowerCase(),
      ),
    );
    expect(order).toEqual(['header', 'top', 'venue', 'performers', 'services', 'why-choose-us', 'social', 'contact', 'footer']);
    await expect(page).toHaveTitle(/Nocturne/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /late-night venue/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Nocturne/);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  for (const name of ['Venue', 'Performers', 'Services', 'Contact']) {
    test(`nav link ${name} scrolls to #${name.toLowerCase()}`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await expect(page.locator(`#${name.toLowerCase()}`)).toBeInViewport();
      await expect(page).toHaveURL(new RegExp(`#${name.toLowerCase()}$`));
    });
  }

  test('the logo scrolls back to the top; Members Login opens the sign-in screen', async ({ page }) => {
    await page.goto('/');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'NOCTURNE', exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: 'Members Login' }).click();
    await expect(page).toHaveURL(/\/members-login$/);
    await expect(page.getByRole('heading', { name: 'Members Portal' })).toBeVisible();
  });

  test('the bar changes its background once scrolled past 100 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 90));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('hero: Find Us goes to contact, the scroll indicator to venue', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Find Us' }).click();
    await expect(page.locator('#contact')).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Scroll to venue' }).click();
    await expect(page.locator('#venue')).toBeInViewport();
  });

  test('contact: opening hours, directions in a new tab', async ({ page }) => {
    await page.goto('/');
    const contact = page.locator('#contact');
    await expect(contact).toContainText('Sunday – Wednesday');
    await expect(contact).toContainText('20:00 – 04:00');
    await expect(contact).toContainText('Thursday – Saturday');
    await expect(contact).toContainText('19:00 – 04:00');
    const directions = contact.getByRole('link', { name: /Get Directions/ });
    await expect(directions).toHaveAttribute('target', '_blank');
    await expect(directions).toHaveAttribute('href', /google\.com\/maps\/dir\/.*destination=/);
  });

  test('footer: Age Verification explains the policy', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Age Verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Age Verification' });
    await expect(dialog).toContainText('18 or older');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('performers', () => {
  test('the headline cycles Beauty / Talent / Energy and the two videos alternate', async ({ page }) => {
    await page.goto('/');
    const word = page.getByTestId('cycling-word');
    await expect(word).toHaveText('Beauty');
    // The words start cycling once the page has hydrated, however long a loaded machine takes to get
    // there; from then on one word gives way to the next every 2.5 s.
    await expect(word).toHaveText('Talent', { timeout: 10_000 });
    await expect(word).toHaveText('Energy', { timeout: 4000 });
    const slides = page.getByTestId('performer-slide');
    await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
    await expect(slides.nth(1)).toHaveAttribute('data-active', 'true', { timeout: 6000 });
  });

  test('with reduced motion the headline and videos hold still', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    await context.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForTimeout(3000);
    await expect(page.getByTestId('cycling-word')).toHaveText('Beauty');
    const heroPaused = await page.locator('#top video').evaluate((video: HTMLVideoElement) => video.paused);
    expect(heroPaused).toBe(true);
    await context.close();
  });
});

test.describe('age confirmation', () => {
  test('asks once on first visit and remembers the answer', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    const gate = page.getByRole('dialog', { name: 'Are you 18 or older?' });
    await expect(gate).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: 'I am 18 or older' }).click();
    await expect(gate).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'NOCTURNE', level: 1 })).toBeVisible();
    await expect(gate).toBeHidden();
    await context.close();
  });
});

test.describe('phone layout (375 px)', () => {
  test.use({ viewport: PHONE });

  test('nothing scrolls sideways and the mobile menu shows the same links', async ({ page }) => {
    await page.goto('/');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const name of ['Venue', 'Performers', 'Services', 'Contact']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Members Login' })).toBeVisible();
    await menu.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#services')).toBeInViewport();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the sign-in screen and the 404 fit too', async ({ page }) => {
    await page.goto('/members-register');
    await expect(page.getByRole('heading', { name: 'Members Portal' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

test('unknown paths answer 404 and show visitors a plain "Page Not Found" with a way home', async ({ page }) => {
  const answer = await page.goto('/this-page-does-not-exist');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText(/router/i)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
