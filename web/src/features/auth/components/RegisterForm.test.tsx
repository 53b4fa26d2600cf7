import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { DATE_OF_BIRTH_REFUSALS, SIGN_UP_RECEIVED } from '@nocturne/domain';
import { mockFetch, renderWithApp, sentBody } from '@/testing/render';
import { RegisterForm, SIGN_UP_THEN_SIGN_IN_FAILED } from './RegisterForm';

const member = {
  id: '8d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  isAdmin: false,
  currentPoints: 0,
  totalPoints: 0,
  memberTier: 'bronze',
  createdAt: '2025-01-01T00:00:00.000Z',
};

async function fillForm(
  user: ReturnType<typeof renderWithApp>['user'],
  confirm: string,
  options: { consent?: boolean; dateOfBirth?: string } = {},
) {
  await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/^Date of birth/), options.dateOfBirth ?? '1990-06-15');
  if (options.consent) await user.click(screen.getByRole('checkbox', { name: /news, events and offers/ }));
  await user.type(screen.getByLabelText(/^First Name/), 'Ann');
  await user.type(screen.getByLabelText(/^Last Name/), 'Lee');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterForm', () => {
  beforeEach(() => localStorage.clear());

  it('says "Passwords do not match" and sends nothing when the passwords differ', async () => {
    const fetchMock = mockFetch();
    const { user } = renderWithApp(<RegisterForm />, { path: '/members-register' });
    await fillForm(user, 'correct horse battery!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells the visitor membership is free', () => {
    renderWithApp(<RegisterForm />);
    expect(screen.getByText('Membership is completely free with no hidden fees.')).toBeInTheDocument();
  });

  it('registers without sending the confirmation, signs in with the same password, stores the session and opens the members area', async () => {
    const fetchMock = mockFetch(
      { status: 202, body: { success: true, message: SIGN_UP_RECEIVED } },
      { status: 200, body: { success: true, message: 'Signed in', sessionId: 'session-123', user: member, firstSignIn: true } },
    );
    const { user } = renderWithApp(<RegisterForm />, { path: '/members-register' });
    await fillForm(user, 'correct horse battery');

    expect(await screen.findByTestId('current-path')).toHaveTextContent('/member-dashboard');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(routes.register.path);
    expect(fetchMock.mock.calls[1]?.[0]).toBe(routes.signIn.path);
    expect(sentBody(fetchMock, 1)).toEqual({ email: 'ann@example.com', password: 'correct horse battery' });
    expect(sentBody(fetchMock)).toEqual({
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      password: 'correct horse battery',
      dateOfBirth: '1990-06-15',
      marketingConsent: false,
    });
    expect(localStorage.getItem('sessionId')).toBe('session-123');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: 'ann@example.com' });
  });

  it('when the password does not sign in after the sign-up (a taken e-mail), says an e-mail was sent and how to get in', async () => {
    mockFetch(
      { status: 202, body: { success: true, message: SIGN_UP_RECEIVED } },
      { status: 401, body: { success: false, message: 'Invalid email or password' } },
    );
    const { user } = renderWithApp(<RegisterForm />);
    await fillForm(user, 'correct horse battery');
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_UP_THEN_SIGN_IN_FAILED);
    expect(localStorage.getItem('sessionId')).toBeNull();
  });

  it('says "Registration failed. Please try again." when the server cannot be reached', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const { user } = renderWithApp(<RegisterForm />);
    await fillForm(user, 'correct horse battery');
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('shows the marketing consent unticked by default', async () => {
    renderWithApp(<RegisterForm />);
    expect(screen.getByRole('checkbox', { name: /news, events and offers/ })).not.toBeChecked();
  });

  it('sends marketingConsent true when the box is ticked', async () => {
    const fetchMock = mockFetch(
      { status: 202, body: { success: true, message: SIGN_UP_RECEIVED } },
      { status: 200, body: { success: true, message: 'Signed in', sessionId: 'session-123', user: member } },
    );
    const { user } = renderWithApp(<RegisterForm />, { path: '/members-register' });
    await fillForm(user, 'correct horse battery', { consent: true });
    await screen.findByTestId('current-path');
    expect(sentBody(fetchMock)).toMatchObject({ marketingConsent: true });
  });

  it("shows the server's under-18 refusal next to the date of birth", async () => {
    const message = DATE_OF_BIRTH_REFUSALS.under_age;
    mockFetch({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message, issues: [{ path: 'dateOfBirth', message }] },
    });
    const { user } = renderWithApp(<RegisterForm />);
    await fillForm(user, 'correct horse battery', { dateOfBirth: '2015-01-01' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByLabelText(/^Date of birth/)).toHaveAttribute('aria-describedby', alert.id);
    expect(localStorage.getItem('sessionId')).toBeNull();
  });
});
