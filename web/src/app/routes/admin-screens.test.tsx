import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_SCREENS } from '@nocturne/contracts/constants';
import * as routes from '@nocturne/contracts/routes';
import { createQueryClient } from '@/lib/query-client';
import { anActiveCampaignStatus, anAdmin, anAdminOverview, aMember } from '@/testing/fixtures';
import { at, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import AdminDashboardRoute from './admin-dashboard';
import AdminDashboardRedirect from './admin-dashboard-redirect';

const admin = anAdmin();
const manager = aMember({ firstName: 'Max', role: 'manager' });

/** Where the app is, and the browser's Back. */
function Browser() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{location.pathname + location.search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The staff dashboard's routes as the app declares them (router.tsx), at `path`. */
function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin-dashboard" element={<AdminDashboardRedirect />} />
          {ADMIN_SCREENS.map((screen) => (
            <Route key={screen} path={`/admin/${screen}`} element={<AdminDashboardRoute />} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <Browser />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const where = () => screen.getByTestId('where');

function answers(user = admin) {
  routeFetch({
    ...venueZone(),
    [at(routes.getMe)]: { status: 200, body: user },
    [at(routes.getAdminOverview)]: { status: 200, body: anAdminOverview() },
    [at(routes.getAdminStats)]: { status: 200, body: { members: 1 } },
    [at(routes.getInboxCounts)]: { status: 200, body: { requestedBookings: 2, newMessages: 0 } },
    [at(routes.listMembers)]: { status: 200, body: { users: [], total: 0, totalIs: 'exact', nextCursor: null } },
    [at(routes.getActiveCampaignStatus)]: { status: 200, body: anActiveCampaignStatus() },
    [at(routes.listStaff)]: { status: 200, body: { staff: [] } },
    [at(routes.healthReady)]: { status: 200, body: { status: 'ok' } },
  });
}

describe('the staff dashboard: a page per screen', () => {
  beforeEach(() => localStorage.clear());

  it('/admin-dashboard opens the first screen; ?tab= (older links) opens the one it names', async () => {
    signIn(admin);
    answers();
    renderAt('/admin-dashboard');
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(where()).toHaveTextContent(/^\/admin\/overview$/);
  });

  it('opens the screen its address names (a reload or a shared link keeps the place)', async () => {
    signIn(admin);
    answers();
    renderAt('/admin-dashboard?tab=members');
    expect(await screen.findByRole('heading', { name: 'Member Management' })).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/admin\/members$/);
    expect(document.title).toBe('Members · Admin Dashboard · Nocturne');
  });

  it('puts each tab opened into the history, so Back returns to the screen before', async () => {
    signIn(admin);
    answers();
    const user = renderAt('/admin/overview');
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    expect(where()).toHaveTextContent(/^\/admin\/members$/);
    await user.click(screen.getByRole('tab', { name: 'Staff' }));
    expect(where()).toHaveTextContent(/^\/admin\/staff$/);
    expect(await screen.findByRole('form', { name: 'Invite staff' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(where()).toHaveTextContent(/^\/admin\/members$/);
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a manager neither Staff nor Webhooks, and sends them from those pages to the first they may see', async () => {
    signIn(manager);
    answers(manager);
    renderAt('/admin/staff');
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(where()).toHaveTextContent(/^\/admin\/overview$/);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).not.toContain('Staff');
    expect(tabs).not.toContain('Webhooks');
    expect(screen.getByText('Manager')).toBeInTheDocument();
  });
});

describe('the staff dashboard on a phone: a menu instead of rows of tabs', () => {
  beforeEach(() => localStorage.clear());

  it('one button names the screen and opens the list of screens, each a link to its page', async () => {
    signIn(admin);
    answers();
    const user = renderAt('/admin/overview');
    const nav = await screen.findByRole('navigation', { name: 'Admin screens' });
    const menu = within(nav).getByRole('button', { name: 'Menu: Overview' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link')).toBeNull();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/admin/overview'],
      ['News', '/admin/news'],
      ['Events', '/admin/events'],
      ['Comments', '/admin/comments'],
      ['Members', '/admin/members'],
      ['ActiveCampaign', '/admin/email'],
      ['Coupons', '/admin/coupons'],
      ['Bookings2 waiting', '/admin/bookings'],
      ['Messages', '/admin/messages'],
      ['Venues', '/admin/venues'],
      ['Webhooks', '/admin/webhooks'],
      ['Staff', '/admin/staff'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Members' }));
    expect(where()).toHaveTextContent(/^\/admin\/members$/);
    expect(await screen.findByRole('heading', { name: 'Member Management' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Menu: Members' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(where()).toHaveTextContent(/^\/admin\/overview$/);
  });

  it('closes on Escape (focus back on the button) and on a tap outside', async () => {
    signIn(admin);
    answers();
    const user = renderAt('/admin/overview');
    const menu = await screen.findByRole('button', { name: 'Menu: Overview' });
    await user.click(menu);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await user.click(menu);
    await user.click(screen.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
