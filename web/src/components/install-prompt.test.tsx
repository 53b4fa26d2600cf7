import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InstallPrompt } from './install-prompt';

describe('the install prompt', () => {
  it('shows nothing until the browser offers installing, then prompts when the member asks', async () => {
    render(<InstallPrompt />);
    expect(screen.queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
    const prompt = jest.fn(() => Promise.resolve());
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    // The browser's own mini-infobar is held back: the members area offers it instead.
    expect(event.defaultPrevented).toBe(true);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
  });
});
