import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as routes from '@nocturne/contracts/routes';
import { anActiveCampaignStatus, anAdminUser } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { MembersTable } from './MembersTable';

const ann = anAdminUser({ totalPoints: 120, currentPoints: 70, memberTier: 'silver', createdAt: '2026-03-04T10:00:00.000Z' });
const boss = anAdminUser({
  id: '9d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99',
  firstName: 'Alex',
  lastName: null,
  email: 'alex@example.com',
  role: 'admin',
  isAdmin: true,
});

const many = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    anAdminUser({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      firstName: `Member${index}`,
      email: `m${index}@example.com`,
    }),
  );

describe('members table', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('lists name (Admin badge), email, total and current points, tier and joined date', async () => {
    routeFetch({
      [at(routes.listMembers)]: { status: 200, body: { users: [ann, boss], total: 2, totalIs: 'exact', nextCursor: null } },
    });
    renderWithApp(<MembersTable />);
    expect(await screen.findByText('2 members')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Member Management' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Sync to AC/ })).toHaveLength(2);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Points',
      'Tier',
      'Joined',
      'Actions',
    ]);
    const [, annRow, bossRow] = screen.getAllByRole('row');
    expect(within(annRow!).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(annRow!).getByText('120')).toBeInTheDocument();
    expect(within(annRow!).getByText('70 current')).toBeInTheDocument();
    expect(within(annRow!).getByText('Silver')).toBeInTheDocument();
    expect(within(annRow!).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(bossRow!).getByText('Admin')).toBeInTheDocument();
  });

  it('searches on the server and pages through a long list by cursor, forward and back', async () => {
    const fetchMock = routeFetch({
      [at(routes.listMembers)]: (_body, url) => {
        const params = new URL(url, 'http://x').searchParams;
        if (params.get('search') === 'zed')
          return { status: 200, body: { users: [], total: 0, totalIs: 'exact', nextCursor: null } };
        const second = params.get('cursor') === 'after-25';
        return {
          status: 200,
          body: {
            users: many(30).slice(second ? 25 : 0, second ? 30 : 25),
            total: 30,
            totalIs: 'exact',
            nextCursor: second ? null : 'after-25',
          },
        };
      },
    });
    const view = renderWithApp(<MembersTable />);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Member29 Lee')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    // A new search starts again from the first page (no cursor).
    await view.user.type(screen.getByLabelText('Search members'), 'zed');
    expect(await screen.findByText('No members found')).toBeInTheDocument();
    const last = callsTo(fetchMock, routes.listMembers).at(-1)?.url ?? '';
    expect(new URL(last, 'http://x').searchParams.get('cursor')).toBeNull();
  });

  it('says "about 100,000 members" when the api estimated the matches', async () => {
    routeFetch({
      [at(routes.listMembers)]: { status: 200, body: { users: many(25), total: 100_000, totalIs: 'about', nextCursor: 'more' } },
    });
    renderWithApp(<MembersTable />);
    expect(await screen.findByText('about 100,000 members')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('says "10,000+ members" when the count stopped at its cap, and numbers pages without a last one', async () => {
    routeFetch({
      [at(routes.listMembers)]: {
        status: 200,
        body: { users: many(25), total: 10_000, totalIs: 'at_least', nextCursor: 'more' },
      },
    });
    renderWithApp(<MembersTable />);
    expect(await screen.findByText('10,000+ members')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('switches Sync to AC off, and says why, when ActiveCampaign is not configured', async () => {
    const fetchMock = routeFetch({
      [at(routes.listMembers)]: { status: 200, body: { users: [ann], total: 1, totalIs: 'exact', nextCursor: null } },
      [at(routes.getActiveCampaignStatus)]: {
        status: 200,
        body: anActiveCampaignStatus({ configured: false, missingVariables: ['AC_API_URL', 'AC_API_KEY'] }),
      },
    });
    const view = renderWithApp(<MembersTable />);
    const note = 'Sync to AC is off: ActiveCampaign is not configured (the ActiveCampaign tab says what to set).';
    expect(await screen.findByText(note)).toBeInTheDocument();
    const sync = screen.getByRole('button', { name: 'Sync to AC: ann@example.com' });
    expect(sync).toBeDisabled();
    expect(sync).toHaveAccessibleDescription(note);
    await view.user.click(sync);
    expect(callsTo(fetchMock, routes.syncContact, { id: ann.id })).toHaveLength(0);
  });

  it('labels every cell with its column, for the card layout on a phone', async () => {
    routeFetch({
      [at(routes.listMembers)]: { status: 200, body: { users: [ann], total: 1, totalIs: 'exact', nextCursor: null } },
    });
    renderWithApp(<MembersTable />);
    const [, row] = await screen.findAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.dataset['label']),
    ).toEqual(['Name', 'Email', 'Points', 'Tier', 'Joined', 'Actions']);
  });

  it("syncs one member: 'Synced!', 'Sync Failed' with AC's reason, and 'Error' when the call fails", async () => {
    routeFetch({
      [at(routes.listMembers)]: { status: 200, body: { users: [ann], total: 1, totalIs: 'exact', nextCursor: null } },
      [at(routes.syncContact, { id: ann.id })]: [
        { status: 200, body: { success: true, status: 'synced' } },
        { status: 200, body: { success: false, status: 'failed', error: 'Email is invalid' } },
        { status: 200, body: { success: false, status: 'failed' } },
        new TypeError('Failed to fetch'),
      ],
    });
    const view = renderWithApp(<MembersTable />);
    const sync = await screen.findByRole('button', { name: 'Sync to AC: ann@example.com' });
    await view.user.click(sync);
    expect(await screen.findByText('Synced!')).toBeInTheDocument();
    expect(screen.getByText('ann@example.com was synced to ActiveCampaign.')).toBeInTheDocument();
    await view.user.click(sync);
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    await view.user.click(sync);
    expect(await screen.findByText('Failed to sync contact')).toBeInTheDocument();
    expect(screen.getByText('Sync Failed')).toBeInTheDocument();
    await view.user.click(sync);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to sync contact')).toBeInTheDocument();
  });

  it("says 'Failed to fetch users' when the list cannot load", async () => {
    routeFetch({ [at(routes.listMembers)]: { status: 500, body: {} } });
    renderWithApp(<MembersTable />);
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });

  it("opens a member's page from their name, and marks disabled accounts", async () => {
    const disabled = anAdminUser({ ...boss, isAdmin: false, firstName: 'Dana', disabledAt: '2026-11-24T09:00:00.000Z' });
    routeFetch({
      [at(routes.listMembers)]: { status: 200, body: { users: [ann, disabled], total: 2, totalIs: 'exact', nextCursor: null } },
    });
    const { user } = renderWithApp(<MembersTable />);
    const [, annRow, danaRow] = await screen.findAllByRole('row');
    expect(within(annRow!).queryByText('Disabled')).not.toBeInTheDocument();
    expect(within(danaRow!).getByText('Disabled')).toBeInTheDocument();
    await user.click(within(annRow!).getByRole('link', { name: 'Ann Lee' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(`/admin/members/${ann.id}`);
  });

  it('offers admins the members as CSV, saved under the name the api gives it; others see no button', async () => {
    routeFetch({
      [at(routes.listMembers)]: { status: 200, body: { users: [ann], total: 1, totalIs: 'exact', nextCursor: null } },
      [at(routes.exportMembers)]: {
        status: 200,
        body: 'id,email\r\n',
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="nocturne-members-2026-11-26.csv"',
        },
      },
    });
    const view = renderWithApp(<MembersTable />);
    expect(await screen.findByText('1 member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    view.unmount();

    const saved: { href: string; download: string }[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:members') as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const fetchMock = globalThis.fetch as jest.Mock;
    renderWithApp(<MembersTable canExport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // Back to its label once saved.
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(saved).toEqual([{ href: 'blob:members', download: 'nocturne-members-2026-11-26.csv' }]);
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url) === at(routes.exportMembers).split(' ')[1]);
    expect((exportCall?.[1] as RequestInit).headers).toMatchObject({ Authorization: expect.stringMatching(/^Bearer /) });
    click.mockRestore();
  });
});
