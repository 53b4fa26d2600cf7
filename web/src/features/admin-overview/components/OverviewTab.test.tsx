import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { anActiveCampaignStatus, anAdminOverview, someAdminStats } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch } from '@/testing/route-fetch';
import { OverviewTab } from './OverviewTab';

// recharts sizes its charts with ResizeObserver; jsdom has none (the charts then draw nothing,
// and their hidden tables are what is checked here).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const baseRoutes = {
  [at(routes.getAdminStats)]: { status: 200, body: someAdminStats({ members: 42, newsPosts: 3 }) },
  [at(routes.healthReady)]: { status: 200, body: { status: 'ok' } },
};

describe('Overview tab', () => {
  beforeEach(() => localStorage.clear());

  it("keeps the three cards and shows tonight's figures under the night's name", async () => {
    routeFetch({ ...baseRoutes, [at(routes.getAdminOverview)]: { status: 200, body: anAdminOverview() } });
    renderWithApp(<OverviewTab />);
    expect(await screen.findByRole('heading', { name: 'Tonight · Sat 28 Nov from 06:00' })).toBeInTheDocument();
    expect(screen.getByText('Total Members')).toBeInTheDocument();
    expect(screen.getByText('System Status')).toBeInTheDocument();
    const night = screen.getByLabelText('Figures of the night');
    const figure = (list: HTMLElement, label: string) => within(list).getByText(label).nextElementSibling?.textContent;
    expect(figure(night, 'Redemptions')).toBe('12');
    expect(figure(night, 'Claims')).toBe('17');
    expect(figure(night, 'New members')).toBe('4');
    expect(figure(night, 'Comments')).toBe('9');
    expect(figure(night, 'Points issued')).toBe('125');
    expect(figure(night, 'Points spent')).toBe('340');
    const now = screen.getByLabelText('Figures of right now');
    expect(figure(now, 'Pending bookings')).toBe('3');
    expect(figure(now, 'Unread messages')).toBe('5');
    expect(figure(now, 'Points outstanding')).toBe(new Intl.NumberFormat().format(18_250));
  });

  it('shows tonight at each venue of a group, each on its own night', async () => {
    const tonightAt = (id: number, name: string, timeZone: string, label: string, visits: number) => ({
      id,
      name,
      timeZone,
      night: '2026-11-28',
      label,
      start: '2026-11-27T19:00:00.000Z',
      end: '2026-11-28T19:00:00.000Z',
      visits,
      redemptions: 2,
      bookings: 3,
      pendingBookings: 1,
      unreadMessages: 0,
    });
    routeFetch({
      ...baseRoutes,
      [at(routes.getAdminOverview)]: {
        status: 200,
        body: anAdminOverview({
          venues: [
            tonightAt(1, 'The Sydney Room', 'Australia/Sydney', 'Sat 28 Nov', 41),
            tonightAt(2, 'The London Room', 'Europe/London', 'Fri 27 Nov', 7),
          ],
        }),
      },
    });
    renderWithApp(<OverviewTab />);
    const table = await screen.findByRole('table', { name: 'Tonight at each venue' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['The Sydney Room', 'Sat 28 Nov', '41', '2', '3', '1', '0'],
      ['The London Room', 'Fri 27 Nov', '7', '2', '3', '1', '0'],
    ]);
  });

  it("says 'Connected' for ActiveCampaign only once it answered, 'Unreachable' while it does not", async () => {
    const unreachable = {
      state: 'unreachable',
      lastAnsweredAt: null,
      unreachableSince: '2026-11-28T11:00:00.000Z',
      reason: 'no answer within 15 s',
    } as const;
    routeFetch({
      ...baseRoutes,
      [at(routes.getAdminOverview)]: { status: 200, body: anAdminOverview() },
      [at(routes.getActiveCampaignStatus)]: [{ status: 200, body: anActiveCampaignStatus({ connection: unreachable }) }],
    });
    renderWithApp(<OverviewTab />);
    expect(await screen.findByText('ActiveCampaign: Unreachable')).toBeInTheDocument();
    expect(screen.queryByText('ActiveCampaign: Connected')).not.toBeInTheDocument();
  });

  it('gives each chart its figures as a table for screen readers', async () => {
    routeFetch({ ...baseRoutes, [at(routes.getAdminOverview)]: { status: 200, body: anAdminOverview() } });
    renderWithApp(<OverviewTab />);
    const coupons = await screen.findByRole('table', { name: 'Coupons, per night' });
    const rows = within(coupons).getAllByRole('row');
    expect(rows).toHaveLength(9);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Night', 'Claims', 'Redemptions']);
    expect(rows.at(-1)!.textContent).toBe('Sat 28 Nov1712');
    expect(screen.getByRole('table', { name: 'Members and comments, per night' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Points, per night' }))
        .getAllByRole('row')
        .at(-1)!.textContent,
    ).toBe('Sat 28 Nov1253400');
  });

  it('shows queue health with a way into the queue dashboard, and ActiveCampaign as not configured', async () => {
    const fetchMock = routeFetch({
      ...baseRoutes,
      [at(routes.getAdminOverview)]: { status: 200, body: anAdminOverview() },
      [at(routes.openQueueDashboard)]: {
        status: 200,
        body: { path: '/admin/queues/manage/', readOnly: false, expiresAt: '2026-11-28T12:00:00.000Z' },
      },
    });
    renderWithApp(<OverviewTab />);
    const open = await screen.findAllByRole('button', { name: 'Open the queue dashboard' });
    // jsdom cannot leave the page: the attempt is all it reports (the hook's own test sees where it goes).
    const navigation = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(open[0]!);
    await waitFor(() => expect(callsTo(fetchMock, routes.openQueueDashboard)).toHaveLength(1));
    navigation.mockRestore();
    expect(screen.getByText('2 failed')).toBeInTheDocument();
    const queues = screen.getByRole('list', { name: 'Jobs per queue' });
    expect(
      within(queues)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['E-mail', 'ActiveCampaign', 'Maintenance', 'Webhooks']);
    expect(screen.getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByText(/until AC_API_URL and AC_API_KEY are set/)).toBeInTheDocument();
  });

  it("shows ActiveCampaign's sync times on the clocks of the venue the overview names (London here)", async () => {
    const overview = anAdminOverview({ timeZone: 'Europe/London' });
    routeFetch({
      ...baseRoutes,
      [at(routes.getAdminOverview)]: {
        status: 200,
        body: {
          ...overview,
          activeCampaign: {
            ...overview.activeCampaign,
            configured: true,
            // British Summer Time: 20:15 UTC is 21:15 in London.
            lastSyncAt: '2026-07-04T20:15:00.000Z',
            lastError: { message: 'Rate limited', at: '2026-07-04T21:00:00.000Z' },
            lastJob: {
              state: 'completed',
              startedAt: '2026-07-04T19:00:00.000Z',
              finishedAt: '2026-07-04T19:30:00.000Z',
              total: 10,
              synced: 10,
              failed: 0,
            },
          },
        },
      },
    });
    renderWithApp(<OverviewTab />);
    expect(await screen.findByText('Last member synced')).toBeInTheDocument();
    expect(screen.getByText('Last member synced').nextSibling).toHaveTextContent(/^Sat 4 Jul( 2026)?, 21:15$/);
    expect(screen.getByText(/^Finished Sat 4 Jul( 2026)?, 20:30: 10 of 10 synced$/)).toBeInTheDocument();
    expect(screen.getByText(/^Last error \(Sat 4 Jul( 2026)?, 22:00\): Rate limited$/)).toBeInTheDocument();
  });

  it('says the queues could not be read while Redis is away, and the other figures still show', async () => {
    const overview = anAdminOverview();
    routeFetch({
      ...baseRoutes,
      [at(routes.getAdminOverview)]: {
        status: 200,
        body: {
          ...overview,
          queues: {
            available: false,
            error: 'Redis is not answering: no answer within 1.5 s',
            queues: [],
            dashboardPath: '/admin/queues',
          },
        },
      },
    });
    renderWithApp(<OverviewTab />);
    expect(await screen.findByText(/Redis is not answering/)).toBeInTheDocument();
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    // Bull Board shows why too: still reachable.
    expect(screen.getAllByRole('button', { name: 'Open the queue dashboard' })).toHaveLength(2);
    expect(screen.getByLabelText('Figures of the night')).toBeInTheDocument();
  });

  it('opens an earlier night and comes back to tonight', async () => {
    const fetchMock = routeFetch({
      ...baseRoutes,
      [at(routes.getAdminOverview)]: { status: 200, body: anAdminOverview() },
      [`${at(routes.getAdminOverview)}?night=2026-11-21`]: {
        status: 200,
        body: anAdminOverview({
          night: { ...anAdminOverview().night, night: '2026-11-21', label: 'Sat 21 Nov', isTonight: false },
        }),
      },
    });
    const view = renderWithApp(<OverviewTab />);
    const picker = await screen.findByLabelText('Night');
    expect(picker).toHaveValue('2026-11-28');
    expect(picker).toHaveAttribute('max', '2026-11-28');
    // jsdom's date input takes a whole value, as a browser's picker hands it over.
    fireEvent.change(picker, { target: { value: '2026-11-21' } });
    expect(await screen.findByRole('heading', { name: 'Night of Sat 21 Nov · 06:00 to 06:00' })).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.getAdminOverview).map((call) => call.url)).toContain(
      `${routes.getAdminOverview.path}?night=2026-11-21`,
    );
    await view.user.click(screen.getByRole('button', { name: 'Back to tonight' }));
    expect(await screen.findByRole('heading', { name: 'Tonight · Sat 28 Nov from 06:00' })).toBeInTheDocument();
  });
});
