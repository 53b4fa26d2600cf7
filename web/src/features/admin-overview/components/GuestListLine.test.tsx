import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch } from '@/testing/route-fetch';
import { GuestListLine } from './GuestListLine';

const totals = (night: string, summary: string, noShowPercent: number | null) => ({
  night,
  entries: 100,
  places: 120,
  arrived: 84,
  noShowPercent,
  summary,
});

describe("the overview's guest-list line", () => {
  beforeEach(() => localStorage.clear());

  it("shows tonight's list and last night's no-show", async () => {
    routeFetch({
      [at(routes.getGuestListNights)]: {
        status: 200,
        body: {
          venueId: 1,
          tonight: totals('2026-11-28', 'List 120, in 84', null),
          lastNight: totals('2026-11-27', 'List 120, in 84, no-show 30%', 30),
        },
      },
    });
    renderWithApp(<GuestListLine />);
    expect(await screen.findByTestId('overview-guest-list')).toHaveTextContent(
      'Guest list · Tonight: List 120, in 84 · Last night: no-show 30% (List 120, in 84, no-show 30%)',
    );
  });

  it('asks for the venue the staff switcher names, and shows nothing on nights without a list', async () => {
    localStorage.setItem('staffVenue', '2');
    const fetchMock = routeFetch({
      [at(routes.listVenueChoices)]: {
        status: 200,
        body: {
          venues: [
            { id: 1, name: 'The Sydney Room', archived: false, mine: true },
            { id: 2, name: 'The London Room', archived: false, mine: true },
          ],
        },
      },
      [at(routes.getGuestListNights)]: { status: 200, body: { venueId: 2, tonight: null, lastNight: null } },
    });
    renderWithApp(<GuestListLine />);
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.getGuestListNights).map((call) => call.url)).toContain(
        `${routes.getGuestListNights.path}?venueId=2`,
      ),
    );
    expect(screen.queryByTestId('overview-guest-list')).toBeNull();
    localStorage.clear();
  });
});
