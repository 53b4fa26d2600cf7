import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import { PromotionBadge } from './PromotionBadge';
import { TierPanel } from './TierPanel';

const silver = {
  current: { tier: 'silver', label: 'Silver', benefit: 'Skip the queue before midnight', multiplierText: '×1.1' },
  next: { tier: 'gold', label: 'Gold', benefit: 'Priority entry all night', multiplierText: '×1.25' },
  toNext: '120 points to Gold',
  progress: 0.7,
  celebrate: null,
};

describe('TierPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("shows the member's benefits, the next tier's and how far it is", async () => {
    routeFetch({ [at(routes.getMyTier)]: { status: 200, body: silver } });
    renderWithApp(<TierPanel />);
    expect(await screen.findByText('120 points to Gold')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Silver benefits' })).toHaveTextContent('Skip the queue before midnight');
    expect(screen.getByRole('region', { name: 'Next: Gold' })).toHaveTextContent('Priority entry all night');
    expect(screen.getByRole('progressbar', { name: 'Progress to Gold' })).toHaveAttribute('aria-valuenow', '70');
    expect(screen.queryByText(/Congratulations/)).not.toBeInTheDocument();
  });

  it('celebrates a reached tier until the member says thanks, and tells the server once', async () => {
    const acknowledged: unknown[] = [];
    routeFetch({
      [at(routes.getMyTier)]: [
        { status: 200, body: { ...silver, celebrate: 'silver' } },
        { status: 200, body: silver },
      ],
      [at(routes.acknowledgeTierCelebration)]: (body) => {
        acknowledged.push(body);
        return { status: 200, body: { success: true } };
      },
    });
    renderWithApp(<TierPanel />);
    expect(await screen.findByText('Congratulations, you reached Silver!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Thanks!' }));
    await waitFor(() => expect(screen.queryByText(/Congratulations/)).not.toBeInTheDocument());
    expect(acknowledged).toEqual([{ tier: 'silver' }]);
  });

  it('says the member is at the top tier at Platinum', async () => {
    routeFetch({
      [at(routes.getMyTier)]: {
        status: 200,
        body: {
          ...silver,
          current: { ...silver.current, tier: 'platinum', label: 'Platinum' },
          next: null,
          toNext: null,
          progress: 1,
        },
      },
    });
    renderWithApp(<TierPanel />);
    expect(await screen.findByText('You are at the top tier.')).toBeInTheDocument();
  });
});

describe('PromotionBadge', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("shows tonight's promotion", async () => {
    routeFetch({
      [at(routes.getPromotionTonight)]: {
        status: 200,
        body: { promotion: { name: 'Double points', multiplier: 200, multiplierText: '×2', badge: 'Double points tonight ×2' } },
      },
    });
    renderWithApp(<PromotionBadge />);
    expect(await screen.findByRole('status')).toHaveTextContent('Double points tonight ×2');
  });
});
