import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { INVALID_LOGIN } from '@nocturne/domain';
import { mockFetch, renderWithApp, sentBody } from '@/testing/render';
import { LoginForm } from './LoginForm';

const user = (role: 'member' | 'manager' | 'admin') => ({
  id: '8d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: null,
  role,
  isAdmin: role === 'admin',
  currentPoints: 5,
  totalPoints: 5,
  memberTier: 'bronze',
  createdAt: '2025-01-01T00:00:00.000Z',
});

async function signIn(view: ReturnType<typeof renderWithApp>, { remember = false } = {}) {
  // The e-mail is plain text, so anything typed is sent as is.
  await view.user.type(screen.getByLabelText(/^Email/), 'Ann@Example.com');
  await view.user.type(screen.getByLabelText('Password'), 'secret-password');
  if (remember) await view.user.click(screen.getByLabelText('Remember me'));
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginForm', () => {
  beforeEach(() => localStorage.clear());

  it('has a plain-text e-mail field and a password that can be shown and hidden', async () => {
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'text');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await view.user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await view.user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    ['member', '/member-dashboard'],
    ['manager', '/admin-dashboard'],
    ['admin', '/admin-dashboard'],
  ] as const)('stores the session and sends a %s to %s', async (role, destination) => {
    const fetchMock = mockFetch({
      status: 200,
      body: { success: true, message: 'Signed in', sessionId: 'session-1', user: user(role) },
    });
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />, { path: '/members-login' });
    await signIn(view);
    expect(await screen.findByTestId('current-path')).toHaveTextContent(destination);
    expect(sentBody(fetchMock)).toEqual({ email: 'Ann@Example.com', password: 'secret-password' });
    expect(localStorage.getItem('sessionId')).toBe('session-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ role });
  });

  it.each([
    ['pending', 'manager'],
    ['enrol', 'admin'],
  ] as const)('sends staff whose second factor is %s to /two-factor, not to the dashboard', async (secondFactor, role) => {
    mockFetch({
      status: 200,
      body: { success: true, message: 'Second step', sessionId: 'session-2', user: user(role), secondFactor },
    });
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />, { path: '/admin-login' });
    await signIn(view);
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/two-factor');
    expect(localStorage.getItem('sessionId')).toBe('session-2');
  });

  it.each([
    [true, 'true'],
    [false, null],
  ])('remembers whether the server calls it a first sign-in (%s)', async (firstSignIn, stored) => {
    localStorage.setItem('firstSignIn', 'true');
    mockFetch({
      status: 200,
      body: { success: true, message: 'Signed in', sessionId: 'session-1', user: user('member'), firstSignIn },
    });
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />, { path: '/members-login' });
    await signIn(view);
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/member-dashboard');
    expect(localStorage.getItem('firstSignIn')).toBe(stored);
  });

  it("shows the server's message for a wrong password", async () => {
    mockFetch({ status: 401, body: { success: false, message: INVALID_LOGIN } });
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />);
    await signIn(view);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_LOGIN);
    expect(localStorage.getItem('sessionId')).toBeNull();
  });

  it('says "Login failed" when a refusal carries no message', async () => {
    mockFetch({ status: 200, body: { success: false, message: '' } });
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />);
    await signIn(view);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('says "Login failed. Please try again." when the network fails', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />);
    await signIn(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('remembers the e-mail on this device only when asked to (it is never sent)', async () => {
    const fetchMock = mockFetch({
      status: 200,
      body: { success: true, message: 'Signed in', sessionId: 'session-1', user: user('member') },
    });
    const view = renderWithApp(<LoginForm onForgotPassword={() => undefined} />, { path: '/members-login' });
    await signIn(view, { remember: true });
    await screen.findByTestId('current-path');
    expect(localStorage.getItem('rememberedEmail')).toBe('Ann@Example.com');
    expect(sentBody(fetchMock)).not.toHaveProperty('rememberMe');
  });

  it('opens the forgot-password flow', async () => {
    const onForgotPassword = jest.fn();
    const view = renderWithApp(<LoginForm onForgotPassword={onForgotPassword} />);
    await view.user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(onForgotPassword).toHaveBeenCalled();
  });
});
