import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import * as routes from '@nocturne/contracts/routes';
import { aBooking, aContactMessage } from '@/testing/fixtures';
import { createQueryClient } from '@/lib/query-client';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { BookingsInbox } from './BookingsInbox';
import { MessagesInbox } from './MessagesInbox';

const BOOKING = { id: '66666666-6666-4666-8666-666666666666' };
const MESSAGE = { id: '88888888-8888-4888-8888-888888888888' };
const venue = { [at(routes.getVenue)]: { status: 200, body: { timeZone: 'Australia/Sydney' } } };
const counts = (requestedBookings = 1, newMessages = 1) => ({
  status: 200,
  body: { requestedBookings, newMessages },
});

describe('bookings inbox', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("shows the night, slot and e-mails in plain words, times in the venue's zone", async () => {
    routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: counts(3),
      [at(routes.listBookings)]: { status: 200, body: { bookings: [aBooking()] } },
    });
    renderWithApp(<BookingsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Booking from Sam Guest' });
    expect(within(item).getByText('Birthday Celebration · Sat 5 Dec, 22:00 · 6+ guests')).toBeInTheDocument();
    // 10:00 UTC is 21:00 in Sydney.
    expect(within(item).getByText('Received Sat 21 Nov, 21:00')).toBeInTheDocument();
    const mails = within(item).getByRole('list', { name: 'E-mails' });
    expect(mails).toHaveTextContent(
      'Venue notification could not be sent — it is still listed here (8 attempts; last error: SMTP down)',
    );
    expect(mails).toHaveTextContent('Acknowledgement sent to the guest · Sat 21 Nov, 21:00');
    expect(mails).not.toHaveTextContent(/guest-acknowledgement|venue-notification/);
    expect(await screen.findByText('3 requests waiting for an answer')).toBeInTheDocument();
  });

  it('asks before confirming, showing the guest, night and party, and sends the note', async () => {
    const fetchMock = routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: [counts(1), counts(0)],
      [at(routes.listBookings)]: [
        { status: 200, body: { bookings: [aBooking()] } },
        {
          status: 200,
          body: {
            bookings: [
              aBooking({
                status: 'confirmed',
                statusNote: 'See you then',
                decidedBy: 'Alex Reyes',
                statusChangedAt: '2026-11-21T11:30:00.000Z',
              }),
            ],
          },
        },
      ],
      [at(routes.updateBooking, BOOKING)]: { status: 200, body: { success: true, booking: aBooking({ status: 'confirmed' }) } },
    });
    const view = renderWithApp(<BookingsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Booking from Sam Guest' });
    await view.user.click(within(item).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm booking?' });
    expect(dialog).toHaveTextContent('Sam Guest (sam@example.com)');
    expect(dialog).toHaveTextContent('Sat 5 Dec, 22:00');
    expect(dialog).toHaveTextContent('6+ guests · Birthday Celebration');
    expect(callsTo(fetchMock, routes.updateBooking, BOOKING)).toHaveLength(0);
    await view.user.type(within(dialog).getByLabelText('Note to the guest (optional)'), '  See you then ');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
    expect(screen.getByText('Sam Guest will be e-mailed with your note.')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateBooking, BOOKING)[0]?.body).toEqual({
      status: 'confirmed',
      note: 'See you then',
      expectedStatus: 'requested',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const confirmed = await screen.findByText('Confirmed by Alex Reyes · Sat 21 Nov, 22:30');
    expect(confirmed).toBeInTheDocument();
    expect(screen.getByText('Note to the guest: See you then')).toBeInTheDocument();
    // The list and the counts were asked again.
    expect(callsTo(fetchMock, routes.getInboxCounts).length).toBeGreaterThan(1);
    // A confirmed booking can still be declined, not confirmed twice.
    const after = screen.getByRole('listitem', { name: 'Booking from Sam Guest' });
    expect(within(after).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('sends nothing when the dialog is cancelled or closed with Escape', async () => {
    const fetchMock = routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: counts(),
      [at(routes.listBookings)]: { status: 200, body: { bookings: [aBooking()] } },
    });
    const view = renderWithApp(<BookingsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Booking from Sam Guest' });
    await view.user.click(within(item).getByRole('button', { name: 'Decline' }));
    await view.user.click(
      within(await screen.findByRole('dialog', { name: 'Decline booking?' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await view.user.click(within(item).getByRole('button', { name: 'Decline' }));
    await screen.findByRole('dialog', { name: 'Decline booking?' });
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, routes.updateBooking, BOOKING)).toHaveLength(0);
  });

  it("says who decided when a colleague was first (the api's 409)", async () => {
    routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: counts(),
      [at(routes.listBookings)]: { status: 200, body: { bookings: [aBooking()] } },
      [at(routes.updateBooking, BOOKING)]: {
        status: 409,
        body: {
          success: false,
          statusCode: 409,
          error: 'Conflict',
          message: 'This booking was declined by Jo Night in the meantime; nothing was changed.',
        },
      },
    });
    const view = renderWithApp(<BookingsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Booking from Sam Guest' });
    await view.user.click(within(item).getByRole('button', { name: 'Confirm' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Failed to update booking')).toBeInTheDocument();
    expect(screen.getByText('This booking was declined by Jo Night in the meantime; nothing was changed.')).toBeInTheDocument();
  });

  it('keeps the night picked in the address, so a reload shows the same night', async () => {
    const fetchMock = routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: counts(),
      [at(routes.listBookings)]: { status: 200, body: { bookings: [aBooking()] } },
      [at(routes.listBookingCapacities)]: { status: 200, body: { capacities: [] } },
    });
    const Search = () => <p data-testid="search">{useLocation().search}</p>;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/admin/bookings?night=2026-12-04']}>
          <Routes>
            <Route
              path="/admin/bookings"
              element={
                <>
                  <BookingsInbox />
                  <Search />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('Night')).toHaveValue('2026-12-04');
    await waitFor(() => expect(callsTo(fetchMock, routes.listBookings).at(-1)?.url).toContain('night=2026-12-04'));
    fireEvent.change(screen.getByLabelText('Night'), { target: { value: '2026-12-05' } });
    expect(screen.getByTestId('search')).toHaveTextContent('?night=2026-12-05');
    await waitFor(() => expect(callsTo(fetchMock, routes.listBookings).at(-1)?.url).toContain('night=2026-12-05'));
    fireEvent.change(screen.getByLabelText('Night'), { target: { value: '' } });
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
  });

  it('filters by status', async () => {
    const fetchMock = routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: counts(),
      [at(routes.listBookings)]: { status: 200, body: { bookings: [aBooking()] } },
    });
    const view = renderWithApp(<BookingsInbox />);
    await screen.findByRole('listitem', { name: 'Booking from Sam Guest' });
    await view.user.selectOptions(screen.getByLabelText('Show'), 'Waiting for an answer');
    await waitFor(() => expect(callsTo(fetchMock, routes.listBookings).at(-1)?.url).toContain('status=requested'));
  });
});

describe('messages inbox', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('marks a new message handled and shows who handled it and when', async () => {
    const handled = aContactMessage({ state: 'handled', handledBy: 'Alex Reyes', handledAt: '2026-11-21T12:15:00.000Z' });
    const fetchMock = routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: [counts(0, 1), counts(0, 0)],
      [at(routes.listContactMessages)]: [
        { status: 200, body: { messages: [aContactMessage()] } },
        { status: 200, body: { messages: [handled] } },
      ],
      [at(routes.updateContactMessage, MESSAGE)]: { status: 200, body: { success: true, message: handled } },
    });
    const view = renderWithApp(<MessagesInbox />);
    const item = await screen.findByRole('listitem', { name: 'Message from Jo Visitor' });
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(within(item).getByText('Venue notified · Sat 21 Nov, 21:00')).toBeInTheDocument();
    expect(await screen.findByText('1 new message')).toBeInTheDocument();
    await view.user.click(within(item).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Marked handled')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateContactMessage, MESSAGE)[0]?.body).toEqual({ state: 'handled' });
    expect(await screen.findByText('Handled by Alex Reyes · Sat 21 Nov, 23:15')).toBeInTheDocument();
    expect(await screen.findByText('0 new messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as new' })).toBeInTheDocument();
  });

  it('loads the next page from the cursor the api gave, and offers no more after the last', async () => {
    const older = aContactMessage({ id: '99999999-9999-4999-8999-999999999999', name: 'Ana Older' });
    const fetchMock = routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: counts(),
      [at(routes.listContactMessages)]: [
        { status: 200, body: { messages: [aContactMessage()], nextCursor: 'opaque-cursor_1' } },
        { status: 200, body: { messages: [older], nextCursor: null } },
      ],
    });
    const view = renderWithApp(<MessagesInbox />);
    await screen.findByRole('listitem', { name: 'Message from Jo Visitor' });
    await view.user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Message from Ana Older' })).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.listContactMessages).at(-1)?.url).toContain('cursor=opaque-cursor_1');
    expect(screen.getByRole('listitem', { name: 'Message from Jo Visitor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by state and can include spam', async () => {
    const fetchMock = routeFetch({
      ...venue,
      [at(routes.getInboxCounts)]: counts(),
      [at(routes.listContactMessages)]: { status: 200, body: { messages: [aContactMessage()] } },
    });
    const view = renderWithApp(<MessagesInbox />);
    await screen.findByRole('listitem', { name: 'Message from Jo Visitor' });
    await view.user.selectOptions(screen.getByLabelText('Show'), 'New');
    await view.user.click(screen.getByLabelText('Show spam'));
    await waitFor(() => {
      const url = callsTo(fetchMock, routes.listContactMessages).at(-1)?.url ?? '';
      expect(url).toContain('state=new');
      expect(url).toContain('includeSpam=true');
    });
  });
});

it('says when an inbox cannot load', async () => {
  localStorage.clear();
  signIn();
  routeFetch({
    ...venue,
    [at(routes.getInboxCounts)]: counts(),
    [at(routes.listBookings)]: { status: 500, body: {} },
    [at(routes.listContactMessages)]: { status: 500, body: {} },
  });
  renderWithApp(
    <>
      <BookingsInbox />
      <MessagesInbox />
    </>,
  );
  expect(await screen.findByText('Failed to fetch bookings')).toBeInTheDocument();
  expect(await screen.findByText('Failed to fetch messages')).toBeInTheDocument();
});
