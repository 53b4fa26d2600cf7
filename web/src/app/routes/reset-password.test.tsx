import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/testing/render';
import ResetPasswordRoute from './reset-password';

function open(url: string) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, button: string) {
  await user.type(screen.getByLabelText(label), 'door-list-at-midnight');
  await user.type(screen.getByLabelText('Confirm Password'), 'door-list-at-midnight');
  await user.click(screen.getByRole('button', { name: button }));
}

describe('the password page', () => {
  beforeEach(() => localStorage.clear());

  it('asks an invited staffer to choose their password, and says it is set, not changed', async () => {
    mockFetch({ status: 200, body: { success: true, message: 'Password set' } });
    const user = open('/reset-password?token=abc&invited=1');
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.queryByText(/New Password/i)).not.toBeInTheDocument();
    await choose(user, 'Password', 'Set Password');
    expect(await screen.findByText('Your password is set. Please sign in.')).toBeInTheDocument();
    expect(screen.queryByText(/changed/)).not.toBeInTheDocument();
  });

  it('asks for a new password after a reset, and says it has been changed', async () => {
    mockFetch({ status: 200, body: { success: true, message: 'Password changed' } });
    const user = open('/reset-password?token=abc');
    expect(screen.getByRole('heading', { name: 'Choose a New Password' })).toBeInTheDocument();
    await choose(user, 'New Password', 'Set New Password');
    expect(await screen.findByText('Your password has been changed. Please sign in.')).toBeInTheDocument();
  });
});
