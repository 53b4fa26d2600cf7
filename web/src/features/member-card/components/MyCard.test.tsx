import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { MyCard } from './MyCard';

const payload = JSON.stringify({ memberCardId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', token: 'card-token' });
const card = {
  firstName: 'Jordan',
  lastName: 'Reyes',
  tier: 'gold',
  memberSince: '2025-03-14T22:30:00.000Z',
  qrPayload: payload,
  shortCode: 'M3RC-4RDX-7QZ',
};

describe('My card', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows name, tier, member since (venue day) and a QR dark on light holding the card, with its short code under it', async () => {
    routeFetch({ ...venueZone(), [at(routes.getMyCard)]: { status: 200, body: card } });
    renderWithApp(<MyCard />);
    expect(await screen.findByTestId('card-name')).toHaveTextContent('Jordan Reyes');
    expect(screen.getByText('Gold')).toBeInTheDocument();
    // 22:30 UTC on 14 March is the 15th in Sydney.
    expect(await screen.findByText('Sat 15 Mar 2025')).toBeInTheDocument();
    const qr = await screen.findByTestId('card-qr');
    expect(qr).toHaveAttribute('alt', 'Member card of Jordan Reyes');
    const png = PNG.sync.read(Buffer.from((qr.getAttribute('src') ?? '').split(',')[1] ?? '', 'base64'));
    expect(png.width).toBe(240);
    expect([...png.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: 'dontInvert' })?.data).toBe(payload);
    expect(screen.getByTestId('card-short-code')).toHaveTextContent('M3RC-4RDX-7QZ');
  });

  it('says so when the card cannot be fetched', async () => {
    routeFetch({ ...venueZone(), [at(routes.getMyCard)]: { status: 500, body: { message: 'boom' } } });
    renderWithApp(<MyCard />);
    expect(await screen.findByText('Failed to fetch your card')).toBeInTheDocument();
  });

  it('offers Add to Apple Wallet and Save to Google Wallet only for the wallets the server has on', async () => {
    routeFetch({
      ...venueZone(),
      [at(routes.getMyCard)]: { status: 200, body: card },
      [at(routes.getWalletSettings)]: { status: 200, body: { apple: true, google: false } },
    });
    renderWithApp(<MyCard />);
    expect(await screen.findByRole('button', { name: 'Add my card to Apple Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Google Wallet/ })).not.toBeInTheDocument();
  });

  it('shows no wallet button while both wallets are off', async () => {
    routeFetch({
      ...venueZone(),
      [at(routes.getMyCard)]: { status: 200, body: card },
      [at(routes.getWalletSettings)]: { status: 200, body: { apple: false, google: false } },
    });
    renderWithApp(<MyCard />);
    await screen.findByTestId('card-qr');
    // Time for the settings' answer to arrive and be drawn (the "on" case shows them by then).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitFor(() => expect(screen.queryByTestId('wallet-buttons')).not.toBeInTheDocument());
    expect(screen.queryByText('Add to Apple Wallet')).not.toBeInTheDocument();
  });

  it('opens the large code on a light background with the brightness hint, and closes back to the card', async () => {
    routeFetch({
      ...venueZone(),
      [at(routes.getMyCard)]: { status: 200, body: card },
      [at(routes.getWalletSettings)]: { status: 200, body: { apple: false, google: false } },
    });
    const { user } = renderWithApp(<MyCard />);
    await user.click(await screen.findByRole('button', { name: 'Large code' }));
    const big = await screen.findByTestId('big-code');
    expect(big).toHaveClass('bg-white');
    expect(screen.getByTestId('brightness-hint')).toHaveTextContent('Turn your screen brightness up');
    expect(screen.getByTestId('big-code-short-code')).toHaveTextContent('M3RC-4RDX-7QZ');
    const qr = await screen.findByTestId('big-code-qr');
    const png = PNG.sync.read(Buffer.from((qr.getAttribute('src') ?? '').split(',')[1] ?? '', 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: 'dontInvert' })?.data).toBe(payload);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('big-code')).not.toBeInTheDocument();
    expect(await screen.findByTestId('card-qr')).toBeInTheDocument();
  });
});
