import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { anAdmin, aStaffMember } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { StaffScreen } from './StaffScreen';

const admin = anAdmin({ id: '9d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99' });
const you = aStaffMember({ id: admin.id, firstName: 'Alex', lastName: 'Kim', email: admin.email, role: 'admin' });
const sam = aStaffMember();
const invited = aStaffMember({
  id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
  firstName: 'Jo',
  lastName: null,
  email: 'jo@example.com',
  role: 'manager',
  lastSignInAt: null,
  invited: true,
});
/** A manager the demo content made: never invited, never signed in, with a second factor. */
const morgan = aStaffMember({
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  firstName: 'Morgan',
  lastName: 'Hale',
  email: 'manager@example.com',
  role: 'manager',
  lastSignInAt: null,
  hasSecondFactor: true,
});
const LAST_ADMIN = 'This is the last admin account: it can be neither demoted nor removed. Make another admin first.';

describe('the Staff screen', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(admin);
  });

  it('lists staff with their role, e-mail and last sign-in in venue time, 24-hour', async () => {
    routeFetch({ ...venueZone(), [at(routes.listStaff)]: { status: 200, body: { staff: [you, sam, invited] } } });
    renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    const list = await screen.findByRole('list', { name: 'Staff' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Alex Kim', 'Sam Reyes', 'Jo']);
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Sam Reyes' })).toHaveValue('door');
    expect(within(rows[1]!).getByText('sam@example.com')).toBeInTheDocument();
    // 12:41 UTC is 23:41 in Sydney (daylight time).
    expect(await within(rows[1]!).findByText(/Last signed in .*23:41/)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Invited: not signed in yet')).toBeInTheDocument();
  });

  it('says "Invited" only of an invitation, and offers to reset a second factor only where there is one', async () => {
    routeFetch({ ...venueZone(), [at(routes.listStaff)]: { status: 200, body: { staff: [you, sam, invited, morgan] } } });
    renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    const list = await screen.findByRole('list', { name: 'Staff' });
    const [, samRow, joRow, morganRow] = within(list).getAllByRole('listitem');
    expect(within(morganRow!).getByText('Not signed in yet')).toBeInTheDocument();
    expect(within(morganRow!).queryByText(/Invited/)).not.toBeInTheDocument();
    expect(within(joRow!).getByText('Invited: not signed in yet')).toBeInTheDocument();
    expect(within(morganRow!).getByRole('button', { name: 'Reset second factor' })).toBeInTheDocument();
    expect(within(samRow!).queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument();
    expect(within(joRow!).queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument();
  });

  it('invites by e-mail with a role and says the link is on its way', async () => {
    const message = 'Jo is invited as a manager: a link to set a password is on its way to jo@example.com.';
    const fetchMock = routeFetch({
      [at(routes.listStaff)]: { status: 200, body: { staff: [you] } },
      [at(routes.inviteStaff)]: { status: 201, body: { success: true, promoted: false, staff: invited, message } },
    });
    const view = renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    const form = screen.getByRole('form', { name: 'Invite staff' });
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveValue('door');
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Door staff', 'Manager', 'Admin']);
    await view.user.type(within(form).getByLabelText(/^E-mail/), 'jo@example.com');
    await view.user.type(within(form).getByLabelText(/^First name/), 'Jo');
    await view.user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'manager');
    await view.user.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(message);
    expect(callsTo(fetchMock, routes.inviteStaff)[0]!.body).toEqual({
      email: 'jo@example.com',
      firstName: 'Jo',
      role: 'manager',
    });
    expect(within(form).getByLabelText(/^E-mail/)).toHaveValue('');
    // The list is asked again, so the new account shows.
    await waitFor(() => expect(callsTo(fetchMock, routes.listStaff).length).toBeGreaterThan(1));
  });

  it("shows the api's refusals next to the fields they are about", async () => {
    routeFetch({
      [at(routes.listStaff)]: { status: 200, body: { staff: [you] } },
      [at(routes.inviteStaff)]: [
        {
          status: 400,
          body: {
            success: false,
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid request',
            issues: [
              { path: 'email', message: 'must be a valid email address' },
              { path: 'firstName', message: 'must not be empty' },
            ],
          },
        },
        {
          status: 409,
          body: {
            success: false,
            statusCode: 409,
            error: 'Conflict',
            message: 'sam@example.com is already door staff: change the role in the list instead.',
          },
        },
      ],
    });
    const view = renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    const form = screen.getByRole('form', { name: 'Invite staff' });
    await view.user.type(within(form).getByLabelText(/^E-mail/), 'nope');
    await view.user.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    const email = within(form).getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('must be a valid email address');
    expect(within(form).getByLabelText(/^First name/)).toHaveAccessibleDescription('must not be empty');

    await view.user.clear(email);
    await view.user.type(email, 'sam@example.com');
    await view.user.type(within(form).getByLabelText(/^First name/), 'Sam');
    await view.user.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^E-mail/)).toHaveAccessibleDescription(
        'sam@example.com is already door staff: change the role in the list instead.',
      ),
    );
    expect(within(form).getByLabelText(/^First name/)).not.toHaveAttribute('aria-invalid');
  });

  it('changes a role after asking, saying the person is signed out', async () => {
    const fetchMock = routeFetch({
      [at(routes.listStaff)]: { status: 200, body: { staff: [you, sam] } },
      [at(routes.changeStaffRole, { id: sam.id })]: {
        status: 200,
        body: { success: true, message: 'Sam is now a manager and was signed out everywhere.' },
      },
    });
    const view = renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    await view.user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Sam Reyes' }), 'manager');
    const dialog = await screen.findByRole('dialog', { name: 'Make Sam Reyes a manager?' });
    expect(dialog).toHaveTextContent('Sam Reyes will be signed out everywhere and signs in again with the new role.');
    expect(callsTo(fetchMock, routes.changeStaffRole, { id: sam.id })).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.changeStaffRole, { id: sam.id })).toHaveLength(1));
    expect(callsTo(fetchMock, routes.changeStaffRole, { id: sam.id })[0]!.body).toEqual({ role: 'manager' });
    expect(await screen.findByText('Sam is now a manager and was signed out everywhere.')).toBeInTheDocument();
  });

  it('removes after asking; Cancel changes nothing; the last admin refusal shows on that row', async () => {
    const fetchMock = routeFetch({
      [at(routes.listStaff)]: { status: 200, body: { staff: [you, sam] } },
      [at(routes.removeStaff, { id: you.id })]: {
        status: 409,
        body: { success: false, statusCode: 409, error: 'Conflict', message: LAST_ADMIN },
      },
    });
    const view = renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    const row = await screen.findByRole('listitem', { name: 'Sam Reyes' });
    await view.user.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Reyes from the staff?' });
    expect(dialog).toHaveTextContent('They stay a member of the club, with their points and coupons.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, routes.removeStaff, { id: sam.id })).toHaveLength(0);

    const mine = screen.getByRole('listitem', { name: 'Alex Kim' });
    await view.user.click(within(mine).getByRole('button', { name: 'Remove' }));
    const own = await screen.findByRole('dialog', { name: 'Remove Alex Kim from the staff?' });
    expect(own).toHaveTextContent('You will be signed out everywhere, this device included.');
    await view.user.click(within(own).getByRole('button', { name: 'Remove' }));
    expect(await within(mine).findByRole('alert')).toHaveTextContent(LAST_ADMIN);
    expect(within(screen.getByRole('listitem', { name: 'Sam Reyes' })).queryByRole('alert')).toBeNull();
  });
});
