import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ADMIN_SCREENS } from '@nocturne/contracts/constants';
import * as routes from '@nocturne/contracts/routes';
import { aMember, anActiveCampaignStatus, anAdmin, anAdminMemberView, anAdminUser, MEMBER_ID } from '@/testing/fixtures';
import { createQueryClient } from '@/lib/query-client';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import AdminDashboardRoute from './admin-dashboard';
import AdminMemberRoute from './admin-member';

const admin = anAdmin({ id: '9d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99' });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {ADMIN_SCREENS.map((screen) => (
            <Route key={screen} path={`/admin/${screen}`} element={<AdminDashboardRoute />} />
          ))}
          <Route path="/admin/members/:id" element={<AdminMemberRoute />} />
          <Route path="*" element={<Where />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the member page route (/admin/members/:id)', () => {
  beforeEach(() => localStorage.clear());

  it('opens the member from a deep link and leads back to the Members tab', async () => {
    signIn(admin);
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: admin },
      [at(routes.getAdminMember, { id: MEMBER_ID })]: { status: 200, body: anAdminMemberView() },
      [at(routes.listMembers)]: { status: 200, body: { users: [anAdminUser()], total: 1, totalIs: 'exact', nextCursor: null } },
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: anActiveCampaignStatus() },
    });
    const user = userEvent.setup();
    renderAt(`/admin/members/${MEMBER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Back to Members/ }));
    expect(await screen.findByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Member Management' })).toBeInTheDocument();
    // Another tab goes into the address too, so the browser's Back returns to it.
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getAllByTestId('where').at(-1)).toHaveTextContent(/^\/admin\/overview$/);
  });

  it('sends a member to their own dashboard', async () => {
    signIn(aMember());
    routeFetch({ [at(routes.getMe)]: { status: 200, body: aMember() } });
    renderAt(`/admin/members/${MEMBER_ID}`);
    expect((await screen.findAllByText('/member-dashboard')).length).toBeGreaterThan(0);
  });
});
