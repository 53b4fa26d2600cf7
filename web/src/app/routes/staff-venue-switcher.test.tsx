import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import type { VenueChoice } from '@nocturne/contracts';
import { ADMIN_SCREENS } from '@nocturne/contracts/constants';
import * as routes from '@nocturne/contracts/routes';
import { aMember, anActiveCampaignStatus, anAdmin, anAdminOverview, someAdminStats } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import AdminDashboardRoute from './admin-dashboard';

// The staff venue switcher (PRODUCT.md §12): in the admin header only for a staffer of more than
// one venue; the overview and the inbox counts follow the venue chosen, remembered on the computer.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const venue = (id: number, name: string, mine = true): VenueChoice => ({ id, name, archived: false, mine });

function open(venues: VenueChoice[], user = anAdmin()) {
  signIn(user);
  const fetchMock = routeFetch({
    [at(routes.getMe)]: { status: 200, body: user },
    [at(routes.listVenueChoices)]: { status: 200, body: { venues } },
    [at(routes.getAdminStats)]: { status: 200, body: someAdminStats() },
    [at(routes.healthReady)]: { status: 200, body: { status: 'ok' } },
    [at(routes.getActiveCampaignStatus)]: { status: 200, body: anActiveCampaignStatus({ configured: false }) },
    [at(routes.getAdminOverview)]: { status: 200, body: anAdminOverview() },
    [at(routes.getInboxCounts)]: { status: 200, body: { newMessages: 0, requestedBookings: 0 } },
  });
  const view = renderWithApp(<AdminDashboardRoute />, {
    path: '/admin/overview',
    alsoAt: ADMIN_SCREENS.map((screen) => `/admin/${screen}`),
  });
  return { fetchMock, ...view };
}

const urlsOf = (fetchMock: ReturnType<typeof routeFetch>, route: Parameters<typeof callsTo>[1]) =>
  callsTo(fetchMock, route).map((call) => call.url);

describe('staff venue switcher', () => {
  beforeEach(() => localStorage.clear());

  it('is not there in a group of one venue, and nothing asks for a venue', async () => {
    const { fetchMock } = open([venue(1, 'Nocturne')]);
    expect(await screen.findByRole('heading', { name: 'Tonight · Sat 28 Nov from 06:00' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, routes.listVenueChoices).length).toBeGreaterThan(0));
    expect(screen.queryByRole('combobox', { name: 'Venue' })).not.toBeInTheDocument();
    expect(urlsOf(fetchMock, routes.getAdminOverview).every((url) => !url.includes('venue'))).toBe(true);
    expect(urlsOf(fetchMock, routes.getInboxCounts).every((url) => !url.includes('venue'))).toBe(true);
  });

  it('offers an admin of two venues All venues or each; choosing one asks the overview and the counts for it, remembered', async () => {
    const { fetchMock, user } = open([venue(1, 'The Sydney Room'), venue(2, 'The London Room')]);
    const switcher = await screen.findByRole('combobox', { name: 'Venue' });
    expect([...(switcher as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'All venues',
      'The Sydney Room',
      'The London Room',
    ]);
    expect(switcher).toHaveValue('all');
    await user.selectOptions(switcher, 'The London Room');
    await waitFor(() => expect(urlsOf(fetchMock, routes.getAdminOverview)).toContain(`${routes.getAdminOverview.path}?venue=2`));
    await waitFor(() => expect(urlsOf(fetchMock, routes.getInboxCounts)).toContain(`${routes.getInboxCounts.path}?venue=2`));
    expect(localStorage.getItem('staffVenue')).toBe('2');
  });

  it('offers a manager of two of three venues only theirs, the first to start with', async () => {
    const manager = aMember({ role: 'manager', firstName: 'Lee' });
    const { fetchMock } = open(
      [venue(1, 'The Sydney Room'), venue(2, 'The London Room'), venue(3, 'The Paris Room', false)],
      manager,
    );
    const switcher = await screen.findByRole('combobox', { name: 'Venue' });
    expect([...(switcher as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'The Sydney Room',
      'The London Room',
    ]);
    await waitFor(() => expect(urlsOf(fetchMock, routes.getAdminOverview)).toContain(`${routes.getAdminOverview.path}?venue=1`));
  });
});
