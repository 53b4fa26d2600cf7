import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { anAdminCoupon } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { AdminCouponsTab } from './AdminCouponsTab';

describe('admin coupons tab', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("shows 'Loading coupons...', then the empty text", async () => {
    routeFetch({ [at(routes.listAdminCoupons)]: { status: 200, body: [] } });
    renderWithApp(<AdminCouponsTab onScan={() => undefined} />);
    expect(screen.getByText('Loading coupons...')).toBeInTheDocument();
    expect(await screen.findByText('No coupons created yet. Create your first coupon!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Coupon Management' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Coupons' })).toBeInTheDocument();
  });

  it('lists each coupon with its details, counts and Active/Inactive badge; Scan QR Code opens the scanner', async () => {
    routeFetch({
      [at(routes.listAdminCoupons)]: {
        status: 200,
        body: [
          anAdminCoupon(),
          anAdminCoupon({
            id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
            title: 'Old deal',
            isActive: false,
            value: null,
            pointsCost: 0,
          }),
        ],
      },
      [at(routes.listScans)]: {
        status: 200,
        body: {
          scans: [
            {
              id: '1',
              at: '2026-11-21T12:00:00.000Z',
              adminId: null,
              adminName: 'Alex',
              userCouponId: null,
              scannedId: 'x',
              action: 'validate',
              result: 'rejected',
              reason: 'Already redeemed',
              couponCode: 'DRINK50',
              memberName: 'Ann Lee',
              undoableUntil: null,
            },
          ],
          nextCursor: null,
        },
      },
    });
    const onScan = jest.fn();
    const view = renderWithApp(<AdminCouponsTab onScan={onScan} />);
    const drink = await screen.findByRole('listitem', { name: 'Half-price cocktail' });
    expect(within(drink).getByText('Active')).toBeInTheDocument();
    expect(within(drink).getByText('DRINK50')).toBeInTheDocument();
    expect(within(drink).getByText('Type: Percentage')).toBeInTheDocument();
    expect(within(drink).getByText('Value: 50% off')).toBeInTheDocument();
    expect(within(drink).getByText('Points Cost: 40')).toBeInTheDocument();
    expect(within(drink).getByText('7 claimed · 3 redeemed')).toBeInTheDocument();
    const old = screen.getByRole('listitem', { name: 'Old deal' });
    expect(within(old).getByText('Inactive')).toBeInTheDocument();
    expect(within(old).getByText('Points Cost: 0')).toBeInTheDocument();
    expect(within(old).queryByText(/^Value:/)).not.toBeInTheDocument();
    const scans = await screen.findByRole('list', { name: 'Recent scans' });
    expect(within(scans).getByText('Rejected')).toBeInTheDocument();
    expect(within(scans).getByText('DRINK50 · Ann Lee — Already redeemed')).toBeInTheDocument();
    expect(within(scans).getByText('Scanned by Alex')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Scan QR Code' }));
    expect(onScan).toHaveBeenCalled();
  });

  it("creates a coupon with the form's conversions, closes the form and refreshes the list", async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: [
        { status: 200, body: [] },
        { status: 200, body: [anAdminCoupon()] },
      ],
      [at(routes.createCoupon)]: { status: 201, body: anAdminCoupon() },
      // The api's VENUE_TZ: "valid until" ends at 06:00 on London's clocks, not Sydney's or the browser's.
      ...venueZone('Europe/London'),
    });
    const view = renderWithApp(<AdminCouponsTab onScan={() => undefined} />);
    await view.user.click(await screen.findByRole('button', { name: 'Create Coupon' }));
    const form = screen.getByRole('form', { name: 'Create coupon' });
    expect(within(form).getByLabelText('Type')).toHaveValue('percentage');
    expect(within(form).getByLabelText('Points Cost')).toHaveValue(0);
    expect(within(form).getByLabelText('Required Tier')).toHaveValue('bronze');
    expect(within(form).getByLabelText('Max Uses')).toHaveAttribute('placeholder', 'Unlimited');
    await view.user.type(within(form).getByLabelText(/^Coupon Code/), 'DRINK50');
    await view.user.type(within(form).getByLabelText(/^Title/), 'Half-price cocktail');
    await view.user.type(within(form).getByLabelText(/^Description/), 'Any cocktail, half price.');
    await view.user.type(within(form).getByLabelText('Value'), '50');
    await view.user.clear(within(form).getByLabelText('Points Cost'));
    await view.user.type(within(form).getByLabelText('Points Cost'), '40');
    await view.user.selectOptions(within(form).getByLabelText('Required Tier'), 'silver');
    await view.user.type(within(form).getByLabelText('Valid Until'), '2026-12-31');
    await view.user.click(within(form).getByRole('button', { name: 'Create Coupon' }));
    expect(await screen.findByText('Coupon created successfully!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.createCoupon)[0]?.body).toEqual({
      code: 'DRINK50',
      title: 'Half-price cocktail',
      description: 'Any cocktail, half price.',
      type: 'percentage',
      value: 50,
      pointsCost: 40,
      requiredTier: 'silver',
      maxUses: null,
      // 06:00 GMT on 1 January ends the club night of 31 December in London.
      validUntil: '2027-01-01T06:00:00.000Z',
    });
    expect(screen.queryByRole('form', { name: 'Create coupon' })).not.toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Half-price cocktail' })).toBeInTheDocument();
  });

  it("holds Create Coupon until the api has said the venue's zone, and never sends one guessed", async () => {
    let answerVenue: (answer: { status: number; body: unknown }) => void = () => undefined;
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [] },
      [at(routes.createCoupon)]: { status: 201, body: anAdminCoupon() },
      [at(routes.getVenue)]: () => new Promise((resolve) => (answerVenue = resolve)),
    });
    const view = renderWithApp(<AdminCouponsTab onScan={() => undefined} />);
    await view.user.click(await screen.findByRole('button', { name: 'Create Coupon' }));
    const form = screen.getByRole('form', { name: 'Create coupon' });
    await view.user.type(within(form).getByLabelText(/^Coupon Code/), 'SUMMER');
    await view.user.type(within(form).getByLabelText(/^Title/), 'Summer');
    await view.user.type(within(form).getByLabelText(/^Description/), 'Summer nights');
    await view.user.type(within(form).getByLabelText('Valid Until'), '2026-07-04');
    const submit = within(form).getByRole('button', { name: 'Create Coupon' });
    expect(submit).toBeDisabled();
    await view.user.click(submit);
    expect(callsTo(fetchMock, routes.createCoupon)).toHaveLength(0);

    answerVenue({ status: 200, body: { timeZone: 'Europe/London' } });
    await waitFor(() => expect(submit).toBeEnabled());
    await view.user.click(submit);
    expect(await screen.findByText('Coupon created successfully!')).toBeInTheDocument();
    // British Summer Time: 06:00 on 5 July is 05:00 UTC.
    expect(callsTo(fetchMock, routes.createCoupon).map((call) => (call.body as { validUntil: string }).validUntil)).toEqual([
      '2026-07-05T05:00:00.000Z',
    ]);
  });

  it("keeps Create Coupon off and says why when the venue's zone cannot be loaded", async () => {
    routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [] },
      [at(routes.getVenue)]: { status: 503, body: { statusCode: 503, message: 'Unavailable' } },
    });
    const view = renderWithApp(<AdminCouponsTab onScan={() => undefined} />);
    await view.user.click(await screen.findByRole('button', { name: 'Create Coupon' }));
    const form = screen.getByRole('form', { name: 'Create coupon' });
    expect(await within(form).findByRole('alert')).toHaveTextContent("Could not load the venue's time zone.");
    expect(within(form).getByRole('button', { name: 'Create Coupon' })).toBeDisabled();
  });

  it("says 'Failed to create coupon' with the server's reason and keeps the form; Cancel closes it", async () => {
    routeFetch({
      [at(routes.listAdminCoupons)]: { status: 200, body: [] },
      [at(routes.createCoupon)]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'A coupon with code DRINK50 already exists' },
      },
      ...venueZone(),
    });
    const view = renderWithApp(<AdminCouponsTab onScan={() => undefined} />);
    await view.user.click(await screen.findByRole('button', { name: 'Create Coupon' }));
    const form = screen.getByRole('form', { name: 'Create coupon' });
    await view.user.type(within(form).getByLabelText(/^Coupon Code/), 'DRINK50');
    await view.user.type(within(form).getByLabelText(/^Title/), 'Again');
    await view.user.type(within(form).getByLabelText(/^Description/), 'Again');
    await view.user.type(within(form).getByLabelText('Value'), '10');
    await view.user.click(within(form).getByRole('button', { name: 'Create Coupon' }));
    expect(await screen.findByText('Failed to create coupon')).toBeInTheDocument();
    expect(screen.getByText('A coupon with code DRINK50 already exists')).toBeInTheDocument();
    await view.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Create coupon' })).not.toBeInTheDocument();
  });

  it("deletes after confirming: 'Coupon deleted successfully!', or 'Failed to delete coupon'", async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminCoupons)]: [
        { status: 200, body: [anAdminCoupon()] },
        { status: 200, body: [] },
      ],
      [at(routes.deleteCoupon, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })]: [
        new TypeError('Failed to fetch'),
        { status: 200, body: { success: true } },
      ],
    });
    const view = renderWithApp(<AdminCouponsTab onScan={() => undefined} />);
    await view.user.click(await screen.findByRole('button', { name: 'Delete Half-price cocktail' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete coupon?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete Coupon' }));
    expect(await screen.findByText('Failed to delete coupon')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Delete Half-price cocktail' }));
    await view.user.click(
      within(screen.getByRole('dialog', { name: 'Delete coupon?' })).getByRole('button', { name: 'Delete Coupon' }),
    );
    expect(await screen.findByText('Coupon deleted successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No coupons created yet. Create your first coupon!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.deleteCoupon, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })).toHaveLength(2);
  });
});
