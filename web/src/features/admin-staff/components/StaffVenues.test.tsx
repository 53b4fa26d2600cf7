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
const twoVenues = {
  venues: [
    { id: 1, name: 'Nocturne', archived: false, mine: true },
    { id: 2, name: 'The Velvet Room', archived: false, mine: true },
  ],
};

describe('the Staff screen in a group of several venues', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(admin);
  });

  it('shows a door account as working at "All venues", and grants it one venue with the checkboxes', async () => {
    const fetchMock = routeFetch({
      ...venueZone(),
      [at(routes.listStaff)]: { status: 200, body: { staff: [you, sam] } },
      [at(routes.listVenueChoices)]: { status: 200, body: twoVenues },
      [at(routes.setStaffVenues, { id: sam.id })]: {
        status: 200,
        body: { success: true, message: 'Sam works at The Velvet Room only.' },
      },
    });
    const view = renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    const form = await screen.findByRole('form', { name: 'Venues of Sam Reyes' });
    expect(within(form).getByText('Works at: All venues')).toBeInTheDocument();
    // An admin works everywhere: no choice is offered.
    expect(screen.queryByRole('form', { name: 'Venues of Alex Kim' })).not.toBeInTheDocument();
    await view.user.click(within(form).getByRole('checkbox', { name: 'The Velvet Room' }));
    await view.user.click(within(form).getByRole('button', { name: 'Save venues' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.setStaffVenues, { id: sam.id })).toHaveLength(1));
    expect(callsTo(fetchMock, routes.setStaffVenues, { id: sam.id })[0]!.body).toEqual({ venueIds: [2] });
  });

  it('offers no venue choice in a group of one venue, as before venues', async () => {
    routeFetch({
      ...venueZone(),
      [at(routes.listStaff)]: { status: 200, body: { staff: [you, sam] } },
      [at(routes.listVenueChoices)]: { status: 200, body: { venues: [twoVenues.venues[0]] } },
    });
    renderWithApp(<StaffScreen currentAdminId={admin.id} />);
    await screen.findByRole('list', { name: 'Staff' });
    expect(screen.queryByRole('form', { name: 'Venues of Sam Reyes' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Works at/)).not.toBeInTheDocument();
  });
});
