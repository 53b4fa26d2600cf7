import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { DATE_OF_BIRTH_REFUSALS, MARKETING_CONSENT_VERSION, MARKETING_CONSENT_WORDING } from '@nocturne/domain';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { ConsentCard } from './ConsentCard';

const stored = {
  dateOfBirth: '1990-06-15',
  marketingConsent: false,
  marketingConsentAt: '2026-11-20T09:00:00.000Z',
  marketingConsentVersion: MARKETING_CONSENT_VERSION,
  wording: MARKETING_CONSENT_WORDING,
  wordingVersion: MARKETING_CONSENT_VERSION,
};

describe('ConsentCard', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows the date of birth, and ticking consent saves it at once', async () => {
    const fetchMock = routeFetch({
      [at(routes.getMyConsent)]: { status: 200, body: stored },
      [at(routes.updateMyConsent)]: { status: 200, body: { ...stored, marketingConsent: true } },
    });
    const view = renderWithApp(<ConsentCard />);
    expect(await screen.findByText('15 June 1990')).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: MARKETING_CONSENT_WORDING });
    expect(box).not.toBeChecked();
    await view.user.click(box);
    expect(callsTo(fetchMock, routes.updateMyConsent)[0]?.body).toEqual({ marketingConsent: true });
    expect(await screen.findByRole('checkbox', { name: MARKETING_CONSENT_WORDING })).toBeChecked();
  });

  it('asks a member who joined before for the date of birth and shows the under-18 refusal', async () => {
    const message = DATE_OF_BIRTH_REFUSALS.under_age;
    routeFetch({
      [at(routes.getMyConsent)]: { status: 200, body: { ...stored, dateOfBirth: null } },
      [at(routes.updateMyConsent)]: {
        status: 400,
        body: { statusCode: 400, message, issues: [{ path: 'dateOfBirth', message }] },
      },
    });
    const view = renderWithApp(<ConsentCard />);
    await view.user.type(await screen.findByLabelText(/^Date of birth/), '2015-01-01');
    await view.user.click(screen.getByRole('button', { name: 'Save Date of Birth' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
