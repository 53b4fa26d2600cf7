import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { BIRTHDAY_BANNER } from '@nocturne/domain';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import { BirthdayBanner } from './BirthdayBanner';

describe('BirthdayBanner', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('wishes a happy birthday when the server says so', async () => {
    routeFetch({ [at(routes.getMyBirthday)]: { status: 200, body: { message: BIRTHDAY_BANNER } } });
    renderWithApp(<BirthdayBanner />);
    expect(await screen.findByRole('status')).toHaveTextContent(BIRTHDAY_BANNER);
  });

  it('shows nothing outside the birthday week', async () => {
    const fetchMock = routeFetch({ [at(routes.getMyBirthday)]: { status: 200, body: { message: null } } });
    renderWithApp(<BirthdayBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Let the answer render.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText(BIRTHDAY_BANNER)).not.toBeInTheDocument();
  });
});
