import { expect, test } from './fixtures';

test.describe('gallery lightbox', () => {
  test('opens with a counter, wraps at both ends with keys, buttons and side areas, restores focus', async ({ page }) => {
    await page.goto('/');
    const photos = page.getByTestId('gallery-photo');
    await expect(photos).toHaveCount(14);
    await photos.first().click();
    const lightbox = page.getByTestId('lightbox');
    const counter = page.getByTestId('lightbox-counter');
    await expect(counter).toHaveText('1 / 14');

    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('14 / 14');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('1 / 14');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('2 / 14');

    await lightbox.getByRole('button', { name: 'Previous photo' }).click();
    await lightbox.getByRole('button', { name: 'Previous photo' }).click();
    await expect(counter).toHaveText('14 / 14');
    await lightbox.getByRole('button', { name: 'Next photo' }).click();
    await expect(counter).toHaveText('1 / 14');

    await page.getByTestId('lightbox-next-area').click({ position: { x: 10, y: 10 } });
    await expect(counter).toHaveText('2 / 14');
    await page.getByTestId('lightbox-prev-area').click({ position: { x: 10, y: 10 } });
    await page.getByTestId('lightbox-prev-area').click({ position: { x: 10, y: 10 } });
    await expect(counter).toHaveText('14 / 14');

    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(photos.first()).toBeFocused();
  });

  test('the last photo wraps forward to the first; the close button closes', async ({ page }) => {
    await page.goto('/');
    const last = page.getByTestId('gallery-photo').last();
    await last.click();
    const counter = page.getByTestId('lightbox-counter');
    await expect(counter).toHaveText('14 / 14');
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(counter).toHaveText('1 / 14');
    await page.getByTestId('lightbox').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('lightbox')).toBeHidden();
    await expect(last).toBeFocused();
  });

  test('keeps keyboard focus inside while open', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('gallery-photo').nth(2).click();
    // The lightbox loads on demand and takes focus when it opens; Tab only after that.
    const focusInside = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="lightbox"]'));
    await expect(page.getByTestId('lightbox')).toBeVisible();
    await expect.poll(focusInside).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => !!document.activeElement?.closest('[data-testid="lightbox"]'));
      expect(inside).toBe(true);
    }
  });
});

test.describe('booking modal', () => {
  const openers: [string, string | null][] = [
    ['Book VIP', null],
    ['Book Your Experience', '#services'],
    ['Book Now', '#contact'],
  ];

  for (const [name, section] of openers) {
    test(`opens from "${name}" with its fields, options and defaults`, async ({ page }) => {
      await page.goto('/');
      const scope = section ? page.locator(section) : page.locator('#top');
      const opener = scope.getByRole('button', { name, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('within 24 hours');
      for (const field of ['name', 'email', 'phone', 'date', 'time', 'guests', 'service', 'message']) {
        await expect(dialog.locator(`[name="${field}"]`)).toHaveCount(1);
      }
      await expect(dialog.getByLabel('Guests')).toHaveValue('2');
      await expect(dialog.getByLabel('Time')).toHaveValue('');
      await expect(dialog.getByLabel('Service')).toHaveValue('vip-room');
      const guests = await dialog
        .getByLabel('Guests')
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(guests).toEqual(['1', '2', '3', '4', '5', '6+']);
      const times = await dialog
        .getByLabel('Time')
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      // No time before the night is chosen: the times are that night's opening hours.
      expect(times).toEqual(['']);
      await expect(dialog.getByLabel('Service').locator('option')).toHaveText([
        'VIP Room',
        'Private Room',
        'Luxury Suite',
        'Group Booking',
        'Bucks Party',
        'Birthday Celebration',
        'Corporate Event',
      ]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }

  test('closes on an overlay click and on Escape; Group Bookings preselects the service', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Book VIP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Group Bookings' }).click();
    await expect(dialog.getByLabel('Service')).toHaveValue('group-booking');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('name and email are required before anything is sent', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Book VIP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    await expect(dialog.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('required', '');
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await expect(dialog).toBeVisible();
  });
});

test.describe('contact form', () => {
  test('shows the required-fields toast and sends nothing when fields are missing', async ({ page }) => {
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) sent = true;
    });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Ann');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Please fill in all required fields'),
    ).toBeVisible();
    expect(sent).toBe(false);
    await expect(form.getByLabel('Message')).toHaveAttribute('rows', '4');
  });

  test('F8 moves focus to the notifications area, whose code loads only then', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: /Notifications \(F8\)/ })).not.toBeAttached();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: /Notifications/ }).locator('ol')).toBeFocused();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: /Notifications/ }).locator('ol')).toBeFocused();
  });

  test('F8 pressed as the page opens, before its script runs, still reaches the notifications area', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: /Notifications/ }).locator('ol')).toBeFocused({ timeout: 15_000 });
  });
});
