import { expect, test } from './fixtures';

// The built index.html carries the landing page already rendered (web/vite.config.ts), so a phone
// on a slow connection shows the venue before the JavaScript arrives; the script then hydrates it.

test.describe('prerendered landing page', () => {
  test('shows the venue, its hours and address with JavaScript turned off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'NOCTURNE', level: 1 })).toBeVisible();
    for (const id of ['venue', 'performers', 'services', 'contact']) await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.locator('#contact')).toContainText('20:00 – 04:00');
    await expect(page.locator('#contact')).toContainText('19:00 – 04:00');
    await expect(page.getByRole('link', { name: /Get Directions/ })).toHaveAttribute('href', /maps/);
    await context.close();
  });

  test('headings use the self-hosted display font; the landing page preloads it and no image', async ({ page, request }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'NOCTURNE', level: 1 });
    await expect(heading).toBeVisible();
    expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Playfair Display/);
    await expect.poll(() => page.evaluate(() => document.fonts.check('1em "Playfair Display"'))).toBe(true);
    const fontFiles = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\.woff2$/.test(name)),
    );
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const file of fontFiles) expect(new URL(file).origin).toBe(new URL(page.url()).origin);

    // The heading is the largest paint, not the hero's poster: nothing else shares the link with the font.
    const landing = await (await request.get('/')).text();
    expect(landing).toContain('rel="preload" as="font"');
    expect(landing).not.toContain('rel="preload" as="image"');
    for (const other of ['/members-login', '/member-dashboard']) {
      expect(await (await request.get(other)).text(), other).not.toContain('rel="preload"');
    }
  });

  test('hydrates without a console error and then works: booking opens from the hero', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await page.getByRole('button', { name: 'Book VIP' }).click();
    await expect(page.getByRole('dialog', { name: /Book/ })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a first-time visitor gets the age question once the page has hydrated, with no console error', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Are you 18 or older?' })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('other pages arrive without the landing page in them, so a reload never flashes it', async ({ request }) => {
    const landing = await (await request.get('/')).text();
    expect(landing).toContain('id="venue"');
    for (const url of ['/members-login', '/member-dashboard', '/admin-dashboard', '/no-such-page']) {
      const page = await (await request.get(url)).text();
      expect(page).toContain('<div id="root"></div>');
      expect(page).not.toContain('id="venue"');
    }
  });
});
