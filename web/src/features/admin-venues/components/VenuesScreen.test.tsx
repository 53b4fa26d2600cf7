import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { VenuesScreen } from './VenuesScreen';

const standardHours = { opensAtHour: [20, 20, 20, 20, 19, 19, 19], closesAtHour: 4, lastBookingHour: 2 };
const nocturne = {
  id: 1,
  slug: 'nocturne',
  name: 'Nocturne',
  kind: 'NightClub',
  address: { street: '88 Lonsdale Lane', locality: 'Surry Hills', region: 'NSW 2010', postalCode: '', country: 'Australia' },
  phone: '+61 2 9000 1234',
  inboxEmail: null,
  timeZone: null,
  openingHours: null,
  location: null,
  position: 0,
  archivedAt: null,
  effective: {
    inboxEmail: 'bookings@nocturne.example',
    timeZone: 'Australia/Sydney',
    openingHours: standardHours,
    location: null,
  },
};
const velvet = {
  ...nocturne,
  id: 2,
  slug: 'the-velvet-room',
  name: 'The Velvet Room',
  kind: 'BarOrPub',
  inboxEmail: 'velvet@example.com',
  timeZone: 'Europe/London',
  position: 1,
  effective: { ...nocturne.effective, inboxEmail: 'velvet@example.com', timeZone: 'Europe/London' },
};

describe('the admin Venues screen', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("lists the group's venues with the install's settings where a venue has none", async () => {
    routeFetch({ [at(routes.listAdminVenues)]: { status: 200, body: { venues: [nocturne, velvet] } } });
    renderWithApp(<VenuesScreen />);
    const list = await screen.findByRole('list', { name: 'Venues' });
    const first = within(list).getByRole('listitem', { name: 'Nocturne' });
    expect(first).toHaveTextContent('/venues/nocturne');
    expect(first).toHaveTextContent('Australia/Sydney · from 19:00–20:00 to 04:00 (standard hours) · bookings@nocturne.example');
    expect(within(list).getByRole('listitem', { name: 'The Velvet Room' })).toHaveTextContent('Europe/London');
  });

  it('adds a venue with its own zone, hours and location, and shows the refusal in words', async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminVenues)]: { status: 200, body: { venues: [nocturne] } },
      [at(routes.createVenue)]: [
        {
          status: 400,
          body: {
            success: false,
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid request',
            issues: [{ path: 'timeZone', message: 'must be an IANA time zone such as Australia/Sydney or Europe/London' }],
          },
        },
        { status: 201, body: velvet },
      ],
    });
    const view = renderWithApp(<VenuesScreen />);
    const form = await screen.findByRole('form', { name: 'New venue' });
    await view.user.type(within(form).getByLabelText('Name', { exact: false }), 'The Velvet Room');
    await view.user.type(within(form).getByLabelText('Slug', { exact: false }), 'the-velvet-room');
    await view.user.selectOptions(within(form).getByLabelText('Kind'), 'BarOrPub');
    await view.user.type(within(form).getByLabelText('Time zone'), 'Europe/Lundon');
    await view.user.selectOptions(within(form).getByLabelText('Saturday opens'), '18');
    await view.user.selectOptions(within(form).getByLabelText('Closing hour'), '2');
    await view.user.selectOptions(within(form).getByLabelText('Last booking'), '0');
    await view.user.type(within(form).getByLabelText('Latitude'), '51.5136');
    await view.user.type(within(form).getByLabelText('Longitude'), '-0.1318');
    await view.user.click(within(form).getByRole('button', { name: 'Add Venue' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Time zone must be an IANA time zone such as Australia/Sydney or Europe/London',
    );

    await view.user.clear(within(form).getByLabelText('Time zone'));
    await view.user.type(within(form).getByLabelText('Time zone'), 'Europe/London');
    await view.user.click(within(form).getByRole('button', { name: 'Add Venue' }));
    expect(await screen.findByText('The Velvet Room added')).toBeInTheDocument();
    const sent = callsTo(fetchMock, routes.createVenue)[1]?.body;
    expect(sent).toEqual({
      name: 'The Velvet Room',
      slug: 'the-velvet-room',
      kind: 'BarOrPub',
      address: { street: '', locality: '', region: '', postalCode: '', country: '' },
      phone: '',
      inboxEmail: null,
      timeZone: 'Europe/London',
      openingHours: { opensAtHour: [20, 20, 20, 20, 19, 19, 18], closesAtHour: 2, lastBookingHour: 0 },
      location: { latitude: 51.5136, longitude: -0.1318 },
    });
  });

  it('archives a venue only after a confirm that says its history is kept', async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminVenues)]: { status: 200, body: { venues: [nocturne, velvet] } },
      [at(routes.archiveVenue, { id: '2' })]: { status: 200, body: { ...velvet, archivedAt: '2026-11-29T10:00:00.000Z' } },
    });
    const view = renderWithApp(<VenuesScreen />);
    const item = await screen.findByRole('listitem', { name: 'The Velvet Room' });
    await view.user.click(within(item).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive The Velvet Room?' });
    expect(dialog).toHaveTextContent('Its history is kept');
    expect(callsTo(fetchMock, routes.archiveVenue, { id: '2' })).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Archive Venue' }));
    expect(await screen.findByText('The Velvet Room archived')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.archiveVenue, { id: '2' })).toHaveLength(1);
  });

  it('edits a venue: only its form, sent as an edit of that venue', async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminVenues)]: { status: 200, body: { venues: [nocturne] } },
      [at(routes.updateVenue, { id: '1' })]: { status: 200, body: { ...nocturne, phone: '+61 2 9000 4321' } },
    });
    const view = renderWithApp(<VenuesScreen />);
    const item = await screen.findByRole('listitem', { name: 'Nocturne' });
    // The only open venue cannot be archived.
    expect(within(item).getByRole('button', { name: 'Archive' })).toBeDisabled();
    await view.user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = within(item).getByRole('form', { name: 'Edit Nocturne' });
    expect(within(form).getByRole('checkbox', { name: /its own opening hours/i })).not.toBeChecked();
    await view.user.clear(within(form).getByLabelText('Phone'));
    await view.user.type(within(form).getByLabelText('Phone'), '+61 2 9000 4321');
    await view.user.click(within(form).getByRole('button', { name: 'Save Venue' }));
    expect(await screen.findByText('Nocturne saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateVenue, { id: '1' })[0]?.body).toMatchObject({
      phone: '+61 2 9000 4321',
      openingHours: null,
      timeZone: null,
      inboxEmail: null,
    });
  });
});
