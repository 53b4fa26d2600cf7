import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { aMember } from '@/testing/fixtures';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import { PromotionsCard } from './PromotionsCard';
import { TierBenefitsCard } from './TierBenefitsCard';

const tiers = [
  { tier: 'bronze', benefit: 'Members-only news', multiplier: 100, multiplierText: '×1', monthlyCouponId: null },
  { tier: 'silver', benefit: 'Skip the queue', multiplier: 110, multiplierText: '×1.1', monthlyCouponId: null },
  { tier: 'gold', benefit: 'Priority entry', multiplier: 125, multiplierText: '×1.25', monthlyCouponId: null },
  { tier: 'platinum', benefit: 'A guest too', multiplier: 150, multiplierText: '×1.5', monthlyCouponId: null },
];
const COUPON = '11111111-1111-4111-8111-111111111111';
const coupons = [{ id: COUPON, title: 'Free drink', isActive: true }];

describe('TierBenefitsCard', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'manager' }));
  });

  it("saves a tier's text, multiplier as typed and monthly coupon", async () => {
    const saved: unknown[] = [];
    routeFetch({
      [at(routes.getTierBenefits)]: { status: 200, body: { tiers } },
      [at(routes.listAdminCoupons)]: { status: 200, body: coupons },
      [at(routes.updateTierBenefit, { tier: 'gold' })]: (body) => {
        saved.push(body);
        return { status: 200, body: { ...tiers[2], multiplier: 130, multiplierText: '×1.3' } };
      },
    });
    renderWithApp(<TierBenefitsCard />);
    const gold = await screen.findByRole('form', { name: 'Gold benefits' });
    const text = within(gold).getByLabelText(/^Gold: benefits/);
    expect(text.tagName).toBe('TEXTAREA');
    expect(text).toHaveValue('Priority entry');
    expect(within(gold).getByLabelText(/^Multiplier/)).toHaveValue('1.25');
    fireEvent.change(within(gold).getByLabelText(/^Multiplier/), { target: { value: '1.3' } });
    await waitFor(() => expect(within(gold).getByRole('option', { name: 'Free drink' })).toBeInTheDocument());
    fireEvent.change(within(gold).getByLabelText('Monthly coupon'), { target: { value: COUPON } });
    fireEvent.click(within(gold).getByRole('button', { name: 'Save Gold' }));
    await waitFor(() => expect(saved).toEqual([{ benefit: 'Priority entry', multiplier: '1.3', monthlyCouponId: COUPON }]));
  });
});

describe('PromotionsCard', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'manager' }));
  });

  const paid = {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Double points',
    multiplier: 200,
    multiplierText: '×2',
    startsOn: '2026-12-01',
    endsOn: '2026-12-31',
    weekdays: [4],
    appliesTonight: true,
    hasPaid: true,
  };

  it("lists promotions with their nights, marks tonight's, and offers no delete for one that paid", async () => {
    routeFetch({ [at(routes.listPromotions)]: { status: 200, body: { promotions: [paid] } } });
    renderWithApp(<PromotionsCard />);
    const list = await screen.findByRole('list', { name: 'Promotions' });
    expect(list).toHaveTextContent('Double points×2Tonight');
    expect(list).toHaveTextContent(/Tue 1 Dec( 2026)? to Thu 31 Dec( 2026)?, Thu only/);
    expect(list).not.toHaveTextContent('2026-12-01');
    expect(within(list).queryByRole('button', { name: 'Delete Double points' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Edit Double points' })).toBeInTheDocument();
  });

  it('schedules "double points on Thursdays in December"', async () => {
    const created: unknown[] = [];
    routeFetch({
      [at(routes.listPromotions)]: { status: 200, body: { promotions: [] } },
      [at(routes.createPromotion)]: (body) => {
        created.push(body);
        return { status: 201, body: { ...paid, hasPaid: false } };
      },
    });
    renderWithApp(<PromotionsCard />);
    const form = await screen.findByRole('form', { name: 'New promotion' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Double points' } });
    fireEvent.change(within(form).getByLabelText(/^First night/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText(/^Last night/), { target: { value: '2026-12-31' } });
    fireEvent.click(within(form).getByLabelText('Thu'));
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule Promotion' }));
    await waitFor(() =>
      expect(created).toEqual([
        { name: 'Double points', multiplier: '2', startsOn: '2026-12-01', endsOn: '2026-12-31', weekdays: [4] },
      ]),
    );
  });

  it('starts the next promotion from a blank form once one is scheduled', async () => {
    routeFetch({
      [at(routes.listPromotions)]: { status: 200, body: { promotions: [] } },
      [at(routes.createPromotion)]: { status: 201, body: { ...paid, hasPaid: false } },
    });
    renderWithApp(<PromotionsCard />);
    const form = await screen.findByRole('form', { name: 'New promotion' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Double points' } });
    fireEvent.change(within(form).getByLabelText(/^Multiplier/), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/^First night/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText(/^Last night/), { target: { value: '2026-12-31' } });
    fireEvent.click(within(form).getByLabelText('Thu'));
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule Promotion' }));
    await screen.findByText('Promotion scheduled');
    const next = screen.getByRole('form', { name: 'New promotion' });
    expect(within(next).getByLabelText(/^Name/)).toHaveValue('');
    expect(within(next).getByLabelText(/^Multiplier/)).toHaveValue('2');
    expect(within(next).getByLabelText(/^First night/)).toHaveValue('');
    expect(within(next).getByLabelText(/^Last night/)).toHaveValue('');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
      expect(within(next).getByLabelText(day)).not.toBeChecked();
  });
});
