import { bookingCancelKey, bookingCancelToken, bookingCancelUrl, isBookingCancelToken } from './booking-links.js';

const key = bookingCancelKey('q'.repeat(32));
const id = '3f0c1f8e-3b5a-4d6e-9a51-2f0b8f6a9c11';

describe('the signed cancel link of a booking', () => {
  it("accepts the booking's own token and no other", () => {
    const token = bookingCancelToken(key, id);
    expect(isBookingCancelToken(key, id, token)).toBe(true);
    expect(isBookingCancelToken(key, '3f0c1f8e-3b5a-4d6e-9a51-2f0b8f6a9c12', token)).toBe(false);
    expect(isBookingCancelToken(bookingCancelKey('r'.repeat(32)), id, token)).toBe(false);
    expect(isBookingCancelToken(key, id, `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
    expect(isBookingCancelToken(key, id, '')).toBe(false);
  });

  it('opens the cancel page of the app with the id and the token', () => {
    const url = new URL(bookingCancelUrl('https://nocturne.example', key, id));
    expect(url.origin + url.pathname).toBe('https://nocturne.example/bookings/cancel');
    expect(url.searchParams.get('id')).toBe(id);
    expect(isBookingCancelToken(key, id, url.searchParams.get('token')!)).toBe(true);
  });
});
