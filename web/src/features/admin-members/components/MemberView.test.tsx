import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminMemberView } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { ACCOUNT_DISABLED } from '@nocturne/domain';
import { api } from '@/lib/api-client';
import { anActiveCampaignStatus, anAdmin, anAdminMemberView, MEMBER_ID } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { MemberView } from './MemberView';

const VIEW = at(routes.getAdminMember, { id: MEMBER_ID });
const ADMIN_ID = '9d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99';
const AC_ON = { [at(routes.getActiveCampaignStatus)]: { status: 200, body: anActiveCampaignStatus() } };

function renderView(currentAdminId = ADMIN_ID) {
  return renderWithApp(<MemberView memberId={MEMBER_ID} currentAdminId={currentAdminId} />);
}

describe("a member's page for staff", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(anAdmin({ id: ADMIN_ID }));
  });

  it('shows profile, balance, tier, history, coupons with their states and scans, in venue time', async () => {
    const view = anAdminMemberView(
      { currentPoints: 35, totalPoints: 120, memberTier: 'silver', lastSignInAt: '2026-11-20T10:30:00.000Z' },
      {
        coupons: {
          total: 2,
          entries: [
            { ...anAdminMemberView().coupons.entries[0]!, state: 'expired', validUntil: '2026-11-10T12:59:00.000Z' },
            {
              ...anAdminMemberView().coupons.entries[0]!,
              id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
              title: 'Free entry',
              state: 'redeemed',
              redeemedAt: '2026-11-21T11:15:00.000Z',
              redeemedBy: 'staff',
            },
          ],
        },
        scans: [
          {
            id: '7',
            at: '2026-11-21T11:15:00.000Z',
            action: 'redeem',
            result: 'accepted',
            method: 'code',
            reason: 'Redeemed',
            couponCode: 'ENTRY',
            staffName: 'Alex Reyes',
          },
        ],
      },
    );
    routeFetch({ [VIEW]: { status: 200, body: view }, ...AC_ON, ...venueZone() });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.getByText('35')).toBeInTheDocument();
    expect(screen.getByText('120 points')).toBeInTheDocument();
    expect(screen.getByText('Silver')).toBeInTheDocument();
    // 10:30 UTC is 21:30 in Sydney (AEDT), whatever the browser's zone (the year shows once it is past).
    expect(screen.getByText(/Fri 20 Nov( 2026)?, 21:30/)).toBeInTheDocument();
    const coupons = within(screen.getByRole('heading', { name: 'Coupons' }).closest('section')!);
    expect(coupons.getByText('Expired', { selector: 'span' })).toBeInTheDocument();
    expect(coupons.getByText('Redeemed', { selector: 'span' })).toBeInTheDocument();
    expect(coupons.getByText(/at the door/)).toBeInTheDocument();
    const scans = within(screen.getByRole('heading', { name: 'Door Scans' }).closest('section')!);
    expect(scans.getByText('Accepted')).toBeInTheDocument();
    expect(scans.getByText(/Alex Reyes/)).toBeInTheDocument();
    expect(screen.getByText('Welcome bonus')).toBeInTheDocument();
  });

  it('asks for more history when there is more', async () => {
    const first = anAdminMemberView({}, { pointsHistory: { ...anAdminMemberView().pointsHistory, total: 30 } });
    const fetchMock = routeFetch({ [VIEW]: { status: 200, body: first }, ...AC_ON, ...venueZone() });
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Show more (29 older)' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.getAdminMember, { id: MEMBER_ID }).map((c) => c.url)).toContain(
        `${api.urlOf(routes.getAdminMember, { params: { id: MEMBER_ID } })}?history=70`,
      ),
    );
  });

  it('adjusts points with a reason, shows the balance after, and refuses to go below zero', async () => {
    const before = anAdminMemberView({ currentPoints: 50 });
    const after: AdminMemberView = anAdminMemberView({ currentPoints: 20 });
    const fetchMock = routeFetch({
      [VIEW]: [
        { status: 200, body: before },
        { status: 200, body: after },
      ],
      ...AC_ON,
      ...venueZone(),
      [at(routes.adjustMemberPoints, { id: MEMBER_ID })]: {
        status: 201,
        body: {
          success: true,
          message: '30 points taken from Ann: balance now 20 points.',
          currentPoints: 20,
          totalPoints: 50,
          memberTier: 'bronze',
        },
      },
    });
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Adjust points' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Adjust points' }));
    await user.click(dialog.getByRole('radio', { name: 'Take points' }));
    await user.type(dialog.getByLabelText(/Points/), '60');
    expect(dialog.getByRole('alert')).toHaveTextContent("Ann's balance is 50 points: a balance never goes below zero.");
    expect(dialog.getByRole('button', { name: 'Take 60 points' })).toBeDisabled();
    await user.clear(dialog.getByLabelText(/Points/));
    await user.type(dialog.getByLabelText(/Points/), '30');
    expect(dialog.getByText('Balance after: 20 points')).toBeInTheDocument();
    // No reason, no adjustment.
    expect(dialog.getByRole('button', { name: 'Take 30 points' })).toBeDisabled();
    await user.type(dialog.getByLabelText(/Reason/), '  Reward given twice ');
    await user.click(dialog.getByRole('button', { name: 'Take 30 points' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, routes.adjustMemberPoints, { id: MEMBER_ID })[0]!.body).toEqual({
      points: -30,
      reason: 'Reward given twice',
      countsTowardTier: false,
    });
    expect(await screen.findByText('30 points taken from Ann: balance now 20 points.')).toBeInTheDocument();
    // The view is read again after the change.
    await waitFor(() => expect(callsTo(fetchMock, routes.getAdminMember, { id: MEMBER_ID }).length).toBeGreaterThanOrEqual(2));
  });

  // Security review L5: added points count toward the tier only by the adjuster's explicit choice.
  it('asks whether added points count toward the tier, with no answer chosen for them', async () => {
    const fetchMock = routeFetch({
      [VIEW]: { status: 200, body: anAdminMemberView({ currentPoints: 50 }) },
      ...AC_ON,
      ...venueZone(),
      [at(routes.adjustMemberPoints, { id: MEMBER_ID })]: {
        status: 201,
        body: {
          success: true,
          message: '10 points added for Ann: balance now 60 points.',
          currentPoints: 60,
          totalPoints: 50,
          memberTier: 'bronze',
        },
      },
    });
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Adjust points' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Adjust points' }));
    await user.type(dialog.getByLabelText(/Points/), '10');
    await user.type(dialog.getByLabelText(/Reason/), 'Refund');
    expect(dialog.getByRole('radio', { name: 'Counts toward the tier' })).not.toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Balance only' })).not.toBeChecked();
    expect(dialog.getByRole('button', { name: 'Add 10 points' })).toBeDisabled();
    await user.click(dialog.getByRole('radio', { name: 'Balance only' }));
    await user.click(dialog.getByRole('button', { name: 'Add 10 points' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.adjustMemberPoints, { id: MEMBER_ID })).toHaveLength(1));
    expect(callsTo(fetchMock, routes.adjustMemberPoints, { id: MEMBER_ID })[0]!.body).toEqual({
      points: 10,
      reason: 'Refund',
      countsTowardTier: false,
    });
  });

  it('sends a password reset only after asking', async () => {
    const fetchMock = routeFetch({
      [VIEW]: { status: 200, body: anAdminMemberView() },
      ...AC_ON,
      ...venueZone(),
      [at(routes.sendMemberPasswordReset, { id: MEMBER_ID })]: {
        status: 202,
        body: { success: true, message: 'A password reset link is on its way to ann@example.com.' },
      },
    });
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Send password reset' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send password reset?' }));
    expect(callsTo(fetchMock, routes.sendMemberPasswordReset, { id: MEMBER_ID })).toHaveLength(0);
    expect(dialog.getByText(/ann@example\.com/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('A password reset link is on its way to ann@example.com.')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.sendMemberPasswordReset, { id: MEMBER_ID })).toHaveLength(1);
  });

  it('disables the account after saying sessions end, then offers to enable it', async () => {
    const disabled = anAdminMemberView({
      disabledAt: '2026-11-24T09:00:00.000Z',
      disabledBy: { id: ADMIN_ID, name: 'Alex Reyes' },
    });
    const fetchMock = routeFetch({
      [VIEW]: [
        { status: 200, body: anAdminMemberView() },
        { status: 200, body: disabled },
      ],
      ...AC_ON,
      ...venueZone(),
      [at(routes.disableMember, { id: MEMBER_ID })]: {
        status: 200,
        body: { success: true, message: "Ann's account is disabled and signed out everywhere." },
      },
    });
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Disable this account?' }));
    expect(dialog.getByText(/signed out everywhere at once/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText(/Disabled Tue 24 Nov( 2026)?, 20:00 by Alex Reyes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable account' })).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.disableMember, { id: MEMBER_ID })).toHaveLength(1);
    expect(ACCOUNT_DISABLED).toMatch(/contact the venue/);
  });

  it("does not offer to disable the admin's own account", async () => {
    routeFetch({
      [VIEW]: { status: 200, body: anAdminMemberView({ id: MEMBER_ID, role: 'admin', isAdmin: true }) },
      ...AC_ON,
      ...venueZone(),
    });
    renderView(MEMBER_ID);
    expect(await screen.findByRole('button', { name: 'Disable account' })).toBeDisabled();
    expect(screen.getByText(/This is your own account/)).toBeInTheDocument();
  });

  it('switches Sync off, saying why, when ActiveCampaign is not configured', async () => {
    routeFetch({
      [VIEW]: { status: 200, body: anAdminMemberView() },
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: anActiveCampaignStatus({ configured: false }) },
    });
    renderView();
    const sync = await screen.findByRole('button', { name: 'Sync to ActiveCampaign: ann@example.com' });
    await waitFor(() => expect(sync).toBeDisabled());
    expect(sync).toHaveAccessibleDescription(/ActiveCampaign is not configured/);
  });

  it('says so when the member does not exist', async () => {
    routeFetch({
      [VIEW]: { status: 404, body: { success: false, statusCode: 404, error: 'Not Found', message: 'Member not found' } },
      ...AC_ON,
      ...venueZone(),
    });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('This member does not exist or has deleted their account.');
  });
});
