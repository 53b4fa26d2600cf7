import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { REFERRAL_REFUSALS } from '@nocturne/domain';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import { InviteFriendsCard } from './InviteFriendsCard';

const LINK = 'https://club.example.test/members-register?ref=ABCDEFGH23';
const answer = {
  code: 'ABCDEFGH23',
  link: LINK,
  pointsEach: 50,
  thisMonth: 2,
  perMonth: 5,
  referrals: [
    { id: 'r1', name: 'Jordan B.', joinedAt: '2026-11-20T09:00:00.000Z', state: 'earned', reason: null, points: 50 },
    { id: 'r2', name: 'Kai M.', joinedAt: '2026-11-21T09:00:00.000Z', state: 'pending', reason: null, points: null },
    {
      id: 'r3',
      name: 'Lee P.',
      joinedAt: '2026-11-22T09:00:00.000Z',
      state: 'refused',
      reason: REFERRAL_REFUSALS.monthly_cap,
      points: null,
    },
  ],
};

describe('InviteFriendsCard', () => {
  const originalShare = Object.getOwnPropertyDescriptor(navigator, 'share');
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    if (originalShare) Object.defineProperty(navigator, 'share', originalShare);
    else delete (navigator as { share?: unknown }).share;
  });

  it('shows the invite link, copies it, and lists who joined with their state', async () => {
    routeFetch({ [at(routes.getMyReferrals)]: { status: 200, body: answer } });
    const view = renderWithApp(<InviteFriendsCard />);
    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument();
    expect(screen.getByText(/you both earn 50 points \(up to 5 invites a month\)/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(await screen.findByText('Invite link copied')).toBeInTheDocument();

    const items = within(screen.getByRole('list', { name: 'People you invited' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Jordan B\.Joined .*\+50 points.*Earned$/),
      expect.stringMatching(/^Kai M\.Joined .*Pending first visit$/),
      expect.stringMatching(new RegExp(`^Lee P\\.Joined .*${REFERRAL_REFUSALS.monthly_cap}.*No points$`)),
    ]);
    // No Web Share on this device: no Share button.
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('offers Share where the device can, with the link', async () => {
    routeFetch({ [at(routes.getMyReferrals)]: { status: 200, body: { ...answer, referrals: [] } } });
    const share = jest.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const view = renderWithApp(<InviteFriendsCard />);
    await view.user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }));
    expect(screen.getByText('Nobody has joined through your link yet.')).toBeInTheDocument();
  });
});
