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

  it('asks for the venue it is given, and shows nothing on nights without a list', async () => {
    const fetchMock = routeFetch({
      [at(routes.getGuestListNights)]: { status: 200, body: { venueId: 2, tonight: null, lastNight: null } },
    });
    renderWithApp(<GuestListLine venueId={2} />);
    await waitFor(() => expect(callsTo(fetchMock, routes.getGuestListNights)).toHaveLength(1));
    expect(callsTo(fetchMock, routes.getGuestListNights)[0]!.url).toBe(`${routes.getGuestListNights.path}?venueId=2`);
    expect(screen.queryByTestId('overview-guest-list')).toBeNull();
  });
});
