import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { GuestListCard } from './GuestListCard';

const EVENT = '11111111-1111-4111-8111-111111111111';
const RULE = 'Two no-shows within 30 days pause your guest-list sign-ups for 14 days.';
const open = {
  eventId: EVENT,
  night: '2026-12-05',
  title: 'Deep House Fridays',
  slug: 'deep-house-fridays',
  nightLabel: 'Sat 5 Dec 2026',
  doorsOpen: '22:00',
  freeUntil: '23:30',
  placesLeft: 12,
  closesAt: '2026-12-05T10:00:00.000Z',
  venueName: null,
  noShowRule: RULE,
  pausedUntil: null,
};
const entry = {
  id: '22222222-2222-4222-8222-222222222222',
  eventId: EVENT,
  night: '2026-12-05',
  title: 'Deep House Fridays',
  slug: 'deep-house-fridays',
  nightLabel: 'Sat 5 Dec 2026',
  doorsOpen: '22:00',
  plusOnes: 2,
  freeUntil: '23:30',
  summary: 'On the list +2, free entry until 23:30',
};
const before = { tier: 'gold', plusOnesAllowed: 2, entries: [], open: [open], noShowRule: RULE, pausedUntil: null };
const after = { ...before, entries: [entry], open: [] };

describe('GuestListCard', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows the no-show rule before signing up, joins with the plus-ones chosen, and then shows the entry', async () => {
    const fetchMock = routeFetch({
      [at(routes.getMyGuestLists)]: [
        { status: 200, body: before },
        { status: 200, body: after },
      ],
      [at(routes.joinGuestList, { id: EVENT, night: '2026-12-05' })]: { status: 201, body: entry },
    });
    const view = renderWithApp(<GuestListCard />);
    expect(await screen.findByText(RULE)).toBeInTheDocument();
    const offered = within(screen.getByRole('list', { name: 'Open guest lists' })).getByRole('listitem');
    expect(offered).toHaveTextContent('Deep House Fridays');
    expect(offered).toHaveTextContent('free entry until 23:30 · 12 places left');
    await view.user.selectOptions(within(offered).getByRole('combobox'), '2');
    await view.user.click(within(offered).getByRole('button', { name: 'Join the list' }));
    expect(callsTo(fetchMock, routes.joinGuestList, { id: EVENT, night: '2026-12-05' })).toEqual([
      expect.objectContaining({ body: { plusOnes: 2 } }),
    ]);
    const mine = await screen.findByRole('list', { name: 'Your guest lists' });
    expect(within(mine).getByText('On the list +2, free entry until 23:30')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Leave the list' })).toBeInTheDocument();
  });

  it("names each night's venue in a group, with that venue's rule, and holds back the nights of a venue where sign-ups are paused", async () => {
    const VELVET_RULE = 'One no-show within 7 days pauses your guest-list sign-ups for 7 days.';
    routeFetch({
      [at(routes.getMyGuestLists)]: {
        status: 200,
        body: {
          ...before,
          noShowRule: null,
          open: [
            { ...open, venueName: 'Nocturne', noShowRule: null },
            {
              ...open,
              eventId: '33333333-3333-4333-8333-333333333333',
              title: 'Velvet Sessions',
              venueName: 'The Velvet Room',
              noShowRule: VELVET_RULE,
              pausedUntil: '2026-12-20T08:00:00.000Z',
            },
          ],
        },
      },
    });
    renderWithApp(<GuestListCard />);
    const [first, velvet] = within(await screen.findByRole('list', { name: 'Open guest lists' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Nocturne · Sat 5 Dec 2026');
    expect(first).not.toHaveTextContent('no-show');
    expect(within(first!).getByRole('button', { name: 'Join the list' })).toBeEnabled();
    expect(velvet).toHaveTextContent('The Velvet Room · Sat 5 Dec 2026');
    expect(velvet).toHaveTextContent(VELVET_RULE);
    expect(within(velvet!).getByRole('alert')).toHaveTextContent('Your sign-ups at The Velvet Room are paused until 20 Dec');
    expect(within(velvet!).getByRole('button', { name: 'Join the list' })).toBeDisabled();
    expect(screen.queryByText(/Your sign-ups are paused/)).toBeNull();
  });

  it('says when sign-ups are paused and when nothing is open', async () => {
    routeFetch({
      [at(routes.getMyGuestLists)]: { status: 200, body: { ...before, open: [], pausedUntil: '2026-12-20T08:00:00.000Z' } },
    });
    renderWithApp(<GuestListCard />);
    expect(await screen.findByText(/Your sign-ups are paused until 20 Dec/)).toBeInTheDocument();
    expect(screen.getByText(/No guest lists open right now/)).toBeInTheDocument();
  });

  it('offers the card for the door in the wallets the server has, and says so when it has none', async () => {
    routeFetch({
      [at(routes.getMyGuestLists)]: { status: 200, body: after },
      [at(routes.getWalletSettings)]: { status: 200, body: { apple: true, google: false } },
    });
    const view = renderWithApp(<GuestListCard />);
    const wallet = await screen.findByTestId('guest-list-wallet');
    expect(wallet).toHaveTextContent('At the door your card finds you on the list');
    expect(wallet).toHaveTextContent('it shows your next night on a list');
    expect(within(wallet).getByRole('button', { name: 'Add my card for the guest list to Apple Wallet' })).toBeInTheDocument();
    expect(within(wallet).queryByRole('button', { name: /Google Wallet/ })).toBeNull();
    view.unmount();

    localStorage.clear();
    signIn();
    routeFetch({
      [at(routes.getMyGuestLists)]: { status: 200, body: after },
      [at(routes.getWalletSettings)]: { status: 200, body: { apple: false, google: false } },
    });
    renderWithApp(<GuestListCard />);
    expect(await screen.findByTestId('guest-list-wallet')).toHaveTextContent(
      'Wallet passes are switched off on this server: show My card at the door and it finds you on the list.',
    );
    expect(screen.queryByRole('button', { name: /Wallet/ })).toBeNull();
  });

  it('says nothing of wallets to a member on no list', async () => {
    routeFetch({
      [at(routes.getMyGuestLists)]: { status: 200, body: before },
      [at(routes.getWalletSettings)]: { status: 200, body: { apple: true, google: true } },
    });
    renderWithApp(<GuestListCard />);
    await screen.findByRole('list', { name: 'Open guest lists' });
    expect(screen.queryByTestId('guest-list-wallet')).toBeNull();
  });
});
