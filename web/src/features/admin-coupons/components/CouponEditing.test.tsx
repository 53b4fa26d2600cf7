import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { queryKeys } from '@/lib/query-keys';
import { anAdminCoupon, COUPON_ID } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { AdminCouponsTab } from './AdminCouponsTab';

// Coupons: Edit opens the coupon form prefilled and sends only what changed; the
// Active/Inactive badge has a toggle that asks first; each coupon shows claimed, redeemed, remaining.

const EDIT = { id: COUPON_ID };

/** The tab with its caches as after the admin and a member view have loaded: what a change must refresh. */
function renderTab() {
  const view = renderWithApp(<AdminCouponsTab onScan={() => undefined} />);
  view.queryClient.setQueryData(queryKeys.coupons, []);
  view.queryClient.setQueryData(queryKeys.myCoupons, []);
  view.queryClient.setQueryData(queryKeys.adminStats, {});
  return view;
}

const invalidated = (view: ReturnType<typeof renderTab>) =>
  [queryKeys.coupons, queryKeys.myCoupons, queryKeys.adminStats].map((key) => view.queryClient.getQueryState(key)?.isInvalidated);

describe('editing a coupon', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('opens the form prefilled, sends only the changed fields, closes and refreshes what the change moves', async () => {
    const coupon = anAdminCoupon({ maxUses: 20, remaining: 13, validUntil: '2026-12-31T19:00:00.000Z', perMemberLimit: 2 });
    const edited = { ...coupon, title: 'Two-for-one cocktail', maxUses: 30, remaining: 23, perMemberLimit: 3 };
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: [
        { status: 200, body: [coupon] },
        { status: 200, body: [edited] },
      ],
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
      ...venueZone(),
      [at(routes.updateCoupon, EDIT)]: { status: 200, body: edited },
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Edit Half-price cocktail' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon' });
    const form = within(dialog).getByRole('form', { name: 'Edit coupon' });
    expect(within(form).getByLabelText(/^Coupon Code/)).toHaveValue('DRINK50');
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Half-price cocktail');
    expect(within(form).getByLabelText(/^Description/)).toHaveValue('Any cocktail, half price.');
    expect(within(form).getByLabelText('Type')).toHaveValue('percentage');
    expect(within(form).getByLabelText('Value')).toHaveValue(50);
    expect(within(form).getByLabelText('Points Cost')).toHaveValue(40);
    expect(within(form).getByLabelText('Required Tier')).toHaveValue('bronze');
    expect(within(form).getByLabelText('Max Uses')).toHaveValue(20);
    // 06:00 Sydney time on 1 January ends the club night of 31 December.
    expect(within(form).getByLabelText('Valid Until')).toHaveValue('2026-12-31');
    expect(within(form).getByLabelText('Per-Member Limit')).toHaveValue(2);

    await view.user.clear(within(form).getByLabelText(/^Title/));
    await view.user.type(within(form).getByLabelText(/^Title/), 'Two-for-one cocktail');
    await view.user.clear(within(form).getByLabelText('Max Uses'));
    await view.user.type(within(form).getByLabelText('Max Uses'), '30');
    await view.user.clear(within(form).getByLabelText('Per-Member Limit'));
    await view.user.type(within(form).getByLabelText('Per-Member Limit'), '3');
    await view.user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Coupon updated successfully!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateCoupon, EDIT).map((call) => call.body)).toEqual([
      { title: 'Two-for-one cocktail', maxUses: 30, perMemberLimit: 3 },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Edit coupon' })).not.toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Two-for-one cocktail' });
    expect(within(row).getByText('· 23 remaining')).toBeInTheDocument();
    expect(invalidated(view)).toEqual([true, true, true]);
  });

  it("says 'Failed to update coupon' with the server's reason and keeps the form; Cancel and Escape close it unsent", async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [anAdminCoupon({ claimedCount: 7 })] },
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
      ...venueZone(),
      [at(routes.updateCoupon, EDIT)]: {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request: maxUses must be at least 7, the number of claims already made',
          issues: [{ path: 'maxUses', message: 'must be at least 7, the number of claims already made' }],
        },
      },
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Edit Half-price cocktail' }));
    const form = screen.getByRole('form', { name: 'Edit coupon' });
    await view.user.type(within(form).getByLabelText('Max Uses'), '5');
    await view.user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update coupon')).toBeInTheDocument();
    expect(
      screen.getByText('Invalid request: maxUses must be at least 7, the number of claims already made'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit coupon' })).toBeInTheDocument();

    await view.user.click(within(screen.getByRole('form', { name: 'Edit coupon' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Edit coupon' })).not.toBeInTheDocument();

    // Escape closes it unsent (with no toast on top: Radix gives Escape to the topmost layer first).
    await view.user.click(screen.getByRole('button', { name: 'Edit Half-price cocktail' }));
    await view.user.type(within(screen.getByRole('form', { name: 'Edit coupon' })).getByLabelText(/^Title/), ' changed');
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit coupon' })).not.toBeInTheDocument());
    // Reopened, it shows the coupon again, not the abandoned edit; unchanged, Save sends nothing and just closes.
    await view.user.click(screen.getByRole('button', { name: 'Edit Half-price cocktail' }));
    expect(within(screen.getByRole('form', { name: 'Edit coupon' })).getByLabelText(/^Title/)).toHaveValue('Half-price cocktail');
    await view.user.click(
      within(screen.getByRole('form', { name: 'Edit coupon' })).getByRole('button', { name: 'Save Changes' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Edit coupon' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateCoupon, EDIT)).toHaveLength(1);
  });

  it('reads and sends "Valid until" as a club night on the api\'s venue zone (London), summer time included', async () => {
    // 05:00 UTC on 5 July is 06:00 in London (BST): the end of the night of 4 July there. In
    // Sydney that instant is 15:00 on 5 July, so a hard-coded Sydney zone would show 5 July.
    const coupon = anAdminCoupon({ validUntil: '2026-07-05T05:00:00.000Z' });
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [coupon] },
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
      ...venueZone('Europe/London'),
      [at(routes.updateCoupon, EDIT)]: { status: 200, body: coupon },
    });
    const view = renderTab();
    const row = await screen.findByRole('listitem', { name: 'Half-price cocktail' });
    expect(within(row).getByText(/^Valid until Sun 5 Jul( 2026)?, 06:00$/)).toBeInTheDocument();
    await view.user.click(within(row).getByRole('button', { name: 'Edit Half-price cocktail' }));
    const form = screen.getByRole('form', { name: 'Edit coupon' });
    expect(within(form).getByLabelText('Valid Until')).toHaveValue('2026-07-04');
    await view.user.clear(within(form).getByLabelText('Valid Until'));
    await view.user.type(within(form).getByLabelText('Valid Until'), '2026-08-01');
    await view.user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Coupon updated successfully!')).toBeInTheDocument();
    // 06:00 BST on 2 August.
    expect(callsTo(fetchMock, routes.updateCoupon, EDIT).map((call) => call.body)).toEqual([
      { validUntil: '2026-08-02T05:00:00.000Z' },
    ]);
  });

  it("waits for the venue's zone before prefilling the edit form, or says it could not load it", async () => {
    let answerVenue: (answer: { status: number; body: unknown }) => void = () => undefined;
    routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [anAdminCoupon({ validUntil: '2026-07-05T05:00:00.000Z' })] },
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
      [at(routes.getVenue)]: () => new Promise((resolve) => (answerVenue = resolve)),
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Edit Half-price cocktail' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon' });
    expect(within(dialog).getByText('Loading coupon...')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
    answerVenue({ status: 200, body: { timeZone: 'Europe/London' } });
    expect(await within(dialog).findByLabelText('Valid Until')).toHaveValue('2026-07-04');
  });

  it("says the venue's zone could not be loaded rather than guessing one", async () => {
    routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [anAdminCoupon()] },
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
      [at(routes.getVenue)]: { status: 503, body: { statusCode: 503, message: 'Unavailable' } },
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Edit Half-price cocktail' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Could not load the venue's time zone. Please close the form and try again.",
    );
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('switching a coupon off and on', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('asks first, then deactivates: the badge turns Inactive and the members’ offers refresh', async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: [
        { status: 200, body: [anAdminCoupon()] },
        { status: 200, body: [anAdminCoupon({ isActive: false })] },
      ],
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
      [at(routes.updateCoupon, EDIT)]: { status: 200, body: anAdminCoupon({ isActive: false }) },
    });
    const view = renderTab();
    const row = await screen.findByRole('listitem', { name: 'Half-price cocktail' });
    expect(within(row).getByText('Active')).toBeInTheDocument();

    await view.user.click(within(row).getByRole('button', { name: 'Deactivate Half-price cocktail' }));
    const asked = screen.getByRole('dialog', { name: 'Deactivate coupon?' });
    expect(asked).toHaveTextContent(
      '"Half-price cocktail" will leave Available Coupons, and members who hold it cannot redeem it until you activate it again.',
    );
    await view.user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, routes.updateCoupon, EDIT)).toHaveLength(0);

    await view.user.click(within(row).getByRole('button', { name: 'Deactivate Half-price cocktail' }));
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate coupon?' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, routes.updateCoupon, EDIT)).toHaveLength(0);

    await view.user.click(within(row).getByRole('button', { name: 'Deactivate Half-price cocktail' }));
    await view.user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate coupon?' })).getByRole('button', { name: 'Deactivate Coupon' }),
    );
    expect(await screen.findByText('Coupon deactivated successfully!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateCoupon, EDIT).map((call) => call.body)).toEqual([{ isActive: false }]);
    expect(await within(row).findByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Activate Half-price cocktail' })).toBeInTheDocument();
    expect(invalidated(view)).toEqual([true, true, true]);
  });

  it("activates an inactive coupon after asking, or says 'Failed to update coupon'", async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [anAdminCoupon({ isActive: false })] },
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
      [at(routes.updateCoupon, EDIT)]: [new TypeError('Failed to fetch'), { status: 200, body: anAdminCoupon() }],
    });
    const view = renderTab();
    const activate = await screen.findByRole('button', { name: 'Activate Half-price cocktail' });
    await view.user.click(activate);
    await view.user.click(
      within(screen.getByRole('dialog', { name: 'Activate coupon?' })).getByRole('button', { name: 'Activate Coupon' }),
    );
    expect(await screen.findByText('Failed to update coupon')).toBeInTheDocument();
    await view.user.click(activate);
    await view.user.click(
      within(screen.getByRole('dialog', { name: 'Activate coupon?' })).getByRole('button', { name: 'Activate Coupon' }),
    );
    expect(await screen.findByText('Coupon activated successfully!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateCoupon, EDIT).map((call) => call.body)).toEqual([
      { isActive: true },
      { isActive: true },
    ]);
  });
});

describe('per-coupon figures', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows claimed, redeemed and remaining, or no limit', async () => {
    routeFetch({
      [at(routes.listAdminCoupons)]: {
        status: 200,
        body: [
          anAdminCoupon({ maxUses: 10, remaining: 3 }),
          anAdminCoupon({
            id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
            title: 'Open bar',
            claimedCount: 2,
            redeemedCount: 0,
            remaining: null,
          }),
        ],
      },
      [at(routes.listScans)]: { status: 200, body: { scans: [], nextCursor: null } },
    });
    renderTab();
    const limited = await screen.findByRole('listitem', { name: 'Half-price cocktail' });
    expect(within(limited).getByText('7 claimed · 3 redeemed')).toBeInTheDocument();
    expect(within(limited).getByText('· 3 remaining')).toBeInTheDocument();
    const open = screen.getByRole('listitem', { name: 'Open bar' });
    expect(within(open).getByText('2 claimed · 0 redeemed')).toBeInTheDocument();
    expect(within(open).getByText('· no limit')).toBeInTheDocument();
  });
});
