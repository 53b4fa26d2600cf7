import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { aBooking } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { BookingsInbox } from './BookingsInbox';
import { MessagesInbox } from './MessagesInbox';

describe('admin inboxes', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('lists bookings with their e-mail state and confirms one with a note', async () => {
    const fetchMock = routeFetch({
      'GET /api/admin/bookings': [
        { status: 200, body: { bookings: [aBooking()] } },
        { status: 200, body: { bookings: [aBooking({ status: 'confirmed', statusNote: 'See you then' })] } },
      ],
      'PATCH /api/admin/bookings/66666666-6666-4666-8666-666666666666': {
        status: 200,
        body: { success: true, booking: aBooking({ status: 'confirmed' }) },
      },
    });
    const view = renderWithApp(<BookingsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Booking from Sam Guest' });
    expect(within(item).getByText('Birthday · 2026-12-05 22:00 · 6+ guests')).toBeInTheDocument();
    expect(within(item).getByText('booking-venue: failed (SMTP down)')).toBeInTheDocument();
    await view.user.type(within(item).getByLabelText('Note to the guest (optional)'), 'See you then');
    await view.user.click(within(item).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/bookings/66666666-6666-4666-8666-666666666666')[0]?.body).toEqual({
      status: 'confirmed',
      note: 'See you then',
    });
    expect(await screen.findByText('Note to guest: See you then')).toBeInTheDocument();
  });

  it('lists contact messages and can include spam', async () => {
    const message = {
      id: '88888888-8888-4888-8888-888888888888',
      name: 'Jo Visitor',
      email: 'jo@example.com',
      phone: null,
      message: 'Do you have a dress code?',
      isSpam: false,
      createdAt: '2026-11-21T10:00:00.000Z',
      deliveries: [
        {
          kind: 'contact-venue',
          recipient: 'venue',
          state: 'sent',
          attempts: 1,
          lastError: null,
          sentAt: '2026-11-21T10:00:01.000Z',
        },
      ],
    };
    const fetchMock = routeFetch({ 'GET /api/admin/contact-messages': { status: 200, body: { messages: [message] } } });
    const view = renderWithApp(<MessagesInbox />);
    const item = await screen.findByRole('listitem', { name: 'Message from Jo Visitor' });
    expect(within(item).getByText('Do you have a dress code?')).toBeInTheDocument();
    expect(within(item).getByText('contact-venue: sent')).toBeInTheDocument();
    await view.user.click(screen.getByLabelText('Show spam'));
    await screen.findByRole('listitem', { name: 'Message from Jo Visitor' });
    expect(callsTo(fetchMock, 'GET', '/api/admin/contact-messages').at(-1)?.url).toContain('includeSpam=true');
  });

  it('says when an inbox cannot load', async () => {
    routeFetch({
      'GET /api/admin/bookings': { status: 500, body: {} },
      'GET /api/admin/contact-messages': { status: 500, body: {} },
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
});
