import { openAdminScreen, requireApi, signInAdmin, uniqueEmail, useSession } from './club';
import { expect, hasHorizontalScroll, seriousViolations, test } from './fixtures';

// Every staff screen has its own address and a phone gets a menu, not
// rows of tabs; admins invite staff, change their roles and remove them on the Staff screen.
requireApi();

test.describe('on a 390 x 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin opens the menu, goes to Members, reloads and stays there; Back returns', async ({ page, request }) => {
    await useSession(page, await signInAdmin(request));
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/\/admin\/overview$/);
    // A menu, not rows of tabs.
    await expect(page.getByRole('tablist', { name: 'Admin dashboard' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu: Overview' });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box!.height).toBeLessThan(60);

    await menu.click();
    await page.getByRole('navigation', { name: 'Admin screens' }).getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expect(page.getByRole('heading', { name: 'Member Management' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.reload();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expect(page.getByRole('heading', { name: 'Member Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu: Members' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/overview$/);
    await expect(page.getByRole('button', { name: 'Menu: Overview' })).toBeVisible();
  });

  test('the open menu and the Staff screen pass axe and fit the screen', async ({ page, request }) => {
    await useSession(page, await signInAdmin(request));
    await page.goto('/admin/staff');
    await expect(page.getByRole('form', { name: 'Invite staff' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu: Staff' }).click();
    await expect(page.getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Menu: Staff' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('an admin invites door staff, makes them a manager, then removes them', async ({ page, request }) => {
  await useSession(page, await signInAdmin(request));
  await page.goto('/admin-dashboard');
  const panel = await openAdminScreen(page, 'Staff');
  await expect(page).toHaveURL(/\/admin\/staff$/);
  const email = uniqueEmail('door');
  const form = panel.getByRole('form', { name: 'Invite staff' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('First name').fill('Quinn');
  await form.getByRole('combobox', { name: 'Role' }).selectOption('door');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Quinn is invited as door staff: a link to set a password is on its way to ${email}.`,
  );

  const row = panel.getByRole('listitem', { name: 'Quinn' });
  await expect(row).toContainText('Invited: not signed in yet');
  await row.getByRole('combobox', { name: 'Role of Quinn' }).selectOption('manager');
  const change = page.getByRole('dialog', { name: 'Make Quinn a manager?' });
  await change.getByRole('button', { name: 'Change role' }).click();
  await expect(row.getByRole('combobox', { name: 'Role of Quinn' })).toHaveValue('manager');

  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove Quinn from the staff?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByRole('listitem', { name: 'Quinn' })).toHaveCount(0);

  // Removed, Quinn is a member: inviting the address again promotes that account.
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('First name').fill('Quinn');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(form.getByRole('status')).toContainText('Quinn (a member until now) is invited as door staff');
  await expect(panel.getByRole('listitem', { name: 'Quinn' })).toBeVisible();
  // And once more: already staff, said next to the e-mail.
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('First name').fill('Quinn');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(form.getByLabel('E-mail')).toHaveAccessibleDescription(
    `${email} is already door staff: change the role in the list instead.`,
  );
});
