import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { ADMIN_SCREENS } from '@nocturne/contracts/constants';
import * as routes from '@nocturne/contracts/routes';
import { aMember, anActiveCampaignStatus, anAdmin, someAdminStats } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import AdminContentRoute from './admin-content';
import AdminDashboardRoute from './admin-dashboard';

const ADMIN_PAGES = ADMIN_SCREENS.map((screen) => `/admin/${screen}`);

const admin = anAdmin();

// The News tab and the content page mount the media feature's Uppy dashboard, which watches its
// size with ResizeObserver; jsdom has none.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('admin dashboard', () => {
  beforeEach(() => localStorage.clear());

  it("shows 'Loading...' then the header, the Administrator badge and the tabs (Overview first)", async () => {
    signIn(admin);
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: admin },
      [at(routes.getAdminStats)]: { status: 200, body: someAdminStats({ members: 42, newsPosts: 3 }) },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: 'next' } },
      [at(routes.healthReady)]: { status: 200, body: { status: 'ok' } },
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: anActiveCampaignStatus({ configured: false }) },
    });
    renderWithApp(<AdminDashboardRoute />, { path: '/admin/overview', alsoAt: ADMIN_PAGES });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Alex!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'News',
      'Events',
      'Comments',
      'Members',
      'ActiveCampaign',
      'Coupons',
      'Bookings',
      'Messages',
      'Venues',
      'Webhooks',
      'Staff',
      'Audit log',
    ]);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    // Real figures from the stats answer and the readiness probe.
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('Member system operational')).toBeInTheDocument();
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.getByText('Published articles')).toBeInTheDocument();
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.getByText('All systems operational')).toBeInTheDocument();
    expect(await screen.findByText('ActiveCampaign: Not configured')).toBeInTheDocument();
  });

  it('News tab: the create form beside Published Posts', async () => {
    signIn(admin);
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: admin },
      [at(routes.getAdminStats)]: { status: 200, body: someAdminStats({ members: 1, newsPosts: 0 }) },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.healthReady)]: { status: 200, body: { status: 'ok' } },
    });
    const view = renderWithApp(<AdminDashboardRoute />, { path: '/admin/overview', alsoAt: ADMIN_PAGES });
    await view.user.click(await screen.findByRole('tab', { name: 'News' }));
    expect(screen.getByRole('heading', { name: 'Create News Post' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Published Posts' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Create news post' })).toBeInTheDocument();
  });

  it('says when the system is degraded', async () => {
    signIn(admin);
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: admin },
      [at(routes.getAdminStats)]: { status: 200, body: someAdminStats({ members: 1, newsPosts: 0 }) },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.healthReady)]: { status: 503, body: { status: 'error' } },
    });
    renderWithApp(<AdminDashboardRoute />, { path: '/admin/overview', alsoAt: ADMIN_PAGES });
    expect(await screen.findByText('Degraded')).toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
  });

  it('sends visitors without a session to sign in, and members to their own area', async () => {
    routeFetch({ [at(routes.getMe)]: { status: 200, body: aMember() } });
    const first = renderWithApp(<AdminDashboardRoute />, { path: '/admin/overview', alsoAt: ADMIN_PAGES });
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/members-login');
    first.unmount();
    signIn(aMember());
    renderWithApp(<AdminDashboardRoute />, { path: '/admin/overview', alsoAt: ADMIN_PAGES });
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/member-dashboard');
  });
});

describe('admin content page', () => {
  beforeEach(() => localStorage.clear());

  it('keeps admins and shows the post form with contentType announcement by default', async () => {
    signIn(admin);
    routeFetch({ [at(routes.getMe)]: { status: 200, body: admin } });
    renderWithApp(<AdminContentRoute />, { path: '/admin/content' });
    expect(await screen.findByRole('form', { name: 'Create news post' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByLabelText('Content Type')).toHaveValue('announcement');
    // The featured image comes from the media feature's upload button.
    expect(await screen.findByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
  });

  it('redirects members to /member-dashboard', async () => {
    signIn(aMember());
    routeFetch({ [at(routes.getMe)]: { status: 200, body: aMember() } });
    renderWithApp(<AdminContentRoute />, { path: '/admin/content' });
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/member-dashboard');
  });

  it('redirects visitors without a session to /members-login', async () => {
    routeFetch({});
    renderWithApp(<AdminContentRoute />, { path: '/admin/content' });
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/members-login');
  });
});
