import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import SignInRoute from './sign-in';

describe('sign-in route', () => {
  beforeEach(() => localStorage.clear());

  // /admin-login is for staff, so nobody creates an account there (PRODUCT.md §2.4).
  it('/admin-login reads as staff sign-in, without Create Account', async () => {
    const view = renderWithApp(<SignInRoute />, { path: '/admin-login' });
    expect(screen.getByRole('heading', { name: 'Staff Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members Portal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByText(/create account/i)).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('/members-login keeps the Members Portal with its Create Account tab', () => {
    renderWithApp(<SignInRoute />, { path: '/members-login' });
    expect(screen.getByRole('heading', { name: 'Members Portal' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Create Account' })).toBeInTheDocument();
  });
});
