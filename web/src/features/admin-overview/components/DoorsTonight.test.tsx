import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { aMember } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import { DoorsTonight } from './DoorsTonight';

const door = (id: string, name: string, venueId: number, venueName: string, redemptions: number, cards: number) => ({
  id,
  name,
  venueId,
  venueName,
  redemptions,
  cards,
});

describe("the overview's line on tonight's doors", () => {
  it('names each door with its redemptions and cards, its venue when there are several, and the conflicts', async () => {
    signIn(aMember({ role: 'manager', isAdmin: true }));
    routeFetch({
      [at(routes.getDoorsTonight)]: {
        status: 200,
        body: {
          doors: [
            door('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Main door', 1, 'Nocturne', 41, 120),
            door('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Garden gate', 2, 'Lantern Bar', 3, 1),
          ],
          conflicts: 2,
        },
      },
    });
    renderWithApp(<DoorsTonight />);
    const line = await screen.findByRole('region', { name: 'Tonight at each door' });
    expect(
      within(line)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Main door · Nocturne: 41 redeemed · 120 cards in', 'Garden gate · Lantern Bar: 3 redeemed · 1 card in']);
    expect(within(line).getByText(/2 conflicts from offline doors/)).toBeInTheDocument();
  });

  it('shows nothing when no door is named', async () => {
    signIn(aMember({ role: 'manager', isAdmin: true }));
    const fetchMock = routeFetch({ [at(routes.getDoorsTonight)]: { status: 200, body: { doors: [], conflicts: 0 } } });
    const { container } = renderWithApp(<DoorsTonight />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The answer arrives and renders: still nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.textContent).toBe('');
  });
});
