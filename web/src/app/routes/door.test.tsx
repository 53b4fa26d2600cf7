import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { User } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { aMember, anAdmin } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import AdminDashboardRoute from './admin-dashboard';
import DoorRoute from './door';

const doorStaff = aMember({ firstName: 'Sam', role: 'door' });
const tonight = { status: 200, body: { night: '2026-11-27', mine: { redemptions: 0, visits: 0, undone: 0 } } };

function openAs(user: User) {
  signIn(user);
  routeFetch({ [at(routes.getMe)]: { status: 200, body: user }, [at(routes.getDoorTonight)]: tonight });
}

describe('the /door route', () => {
  beforeEach(() => localStorage.clear());

  it('opens door mode for door staff, without the staff dashboard link; no camera here says so and offers typing', async () => {
    openAs(doorStaff);
    renderWithApp(<DoorRoute />, { path: '/door' });
    expect(await screen.findByRole('heading', { name: 'Door' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(await screen.findByText(/The camera could not start/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Type a code' })).toBeInTheDocument();
  });

  it('opens for managers and admins too, with a way back to the staff dashboard', async () => {
    openAs(anAdmin());
    renderWithApp(<DoorRoute />, { path: '/door' });
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
  });

  it('sends members to their own area', async () => {
    openAs(aMember());
    renderWithApp(<DoorRoute />, { path: '/door' });
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/member-dashboard');
  });

  it('sends staff to sign in as soon as a check finds the session ended', async () => {
    signIn(doorStaff);
    const ended = { status: 401, body: { success: false, statusCode: 401, error: 'Unauthorized', message: 'Please sign in' } };
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: doorStaff },
      [at(routes.getDoorTonight)]: [tonight, ended],
      [at(routes.checkAtDoor)]: ended,
    });
    const { user } = renderWithApp(<DoorRoute />, { path: '/door' });
    await user.click(await screen.findByRole('button', { name: 'Type a code' }));
    await user.type(screen.getByRole('textbox'), 'K7QM3XPD2A9');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/members-login');
  });

  it('sends door staff who open the staff dashboard to door mode', async () => {
    openAs(doorStaff);
    renderWithApp(<AdminDashboardRoute />, { path: '/admin-dashboard' });
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/door');
  });
});
