import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { mockFetch, renderWithApp, sentBody } from '@/testing/render';
import { ContactForm } from './ContactForm';

const fill = async (user: ReturnType<typeof renderWithApp>['user'], values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
};

describe('ContactForm', () => {
  it('has labelled fields named after the payload, a required-looking email of type email and a 4-row message', () => {
    renderWithApp(<ContactForm />);
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('name', 'name');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('name', 'phone');
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute('rows', '4');
  });

  it.each([
    ['name', { 'Email *': 'ann@example.com', 'Message *': 'Hi' }],
    ['email', { 'Name *': 'Ann', 'Message *': 'Hi' }],
    ['message', { 'Name *': 'Ann', 'Email *': 'ann@example.com' }],
  ])('shows "Please fill in all required fields" and sends nothing when %s is empty', async (_missing, values) => {
    const fetchMock = mockFetch();
    const { user } = renderWithApp(<ContactForm />);
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats whitespace-only required fields as empty', async () => {
    const fetchMock = mockFetch();
    const { user } = renderWithApp(<ContactForm />);
    await fill(user, { 'Name *': '   ', 'Email *': 'ann@example.com', 'Message *': '  ' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message without a phone, confirms it and clears the form', async () => {
    const fetchMock = mockFetch({ status: 202, body: { success: true, id: '6f1c1f4e-1b7a-4a53-9b1e-6a8f0d0c1a11' } });
    const { user } = renderWithApp(<ContactForm />);
    await fill(user, { 'Name *': 'Ann', 'Email *': 'ann@example.com', 'Message *': 'A table for four?' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you as soon as possible.")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(routes.sendContactMessage.path);
    expect(sentBody(fetchMock)).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      phone: '',
      message: 'A table for four?',
      website: '',
    });
    await waitFor(() => expect(screen.getByLabelText('Name *')).toHaveValue(''));
    expect(screen.getByLabelText('Message *')).toHaveValue('');
  });

  it('keeps the honeypot out of reach: hidden from assistive tech, out of the tab order, no autofill', () => {
    const { container } = renderWithApp(<ContactForm />);
    const honeypot = container.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('says "Failed to send message" and keeps the text when the server fails', async () => {
    mockFetch({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } });
    const { user } = renderWithApp(<ContactForm />);
    await fill(user, { 'Name *': 'Ann', 'Email *': 'ann@example.com', 'Message *': 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message *')).toHaveValue('Hello');
  });

  it("offers a group's venues and sends the one chosen; a single venue gets no choice", async () => {
    const fetchMock = mockFetch({ status: 202, body: { success: true, id: '6f1c1f4e-1b7a-4a53-9b1e-6a8f0d0c1a11' } });
    const venues = [
      { slug: 'nocturne', name: 'Nocturne' },
      { slug: 'the-velvet-room', name: 'The Velvet Room' },
    ];
    const { user } = renderWithApp(<ContactForm venues={venues} />);
    const choice = screen.getByLabelText('Venue');
    expect(choice).toHaveValue('nocturne');
    await user.selectOptions(choice, 'The Velvet Room');
    await fill(user, { 'Name *': 'Ann', 'Email *': 'ann@example.com', 'Message *': 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Message sent successfully!');
    expect(sentBody(fetchMock)).toMatchObject({ venue: 'the-velvet-room', message: 'Hello' });
  });

  it("sends a venue page's own venue, with no choice shown", async () => {
    const fetchMock = mockFetch({ status: 202, body: { success: true, id: '6f1c1f4e-1b7a-4a53-9b1e-6a8f0d0c1a11' } });
    const { user } = renderWithApp(<ContactForm venue="the-velvet-room" venues={[{ slug: 'x', name: 'X' }]} />);
    expect(screen.queryByLabelText('Venue')).toBeNull();
    await fill(user, { 'Name *': 'Ann', 'Email *': 'ann@example.com', 'Message *': 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Message sent successfully!');
    expect(sentBody(fetchMock)).toMatchObject({ venue: 'the-velvet-room' });
  });
});
