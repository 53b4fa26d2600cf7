import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
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
});
