import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import type { DoorData, DoorSyncRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { at, routeFetch } from '@/testing/route-fetch';
import { useOfflineDoor } from './use-offline-door';

// What a door did offline goes to the venue it was done at: a phone moved to another venue before
// the network came back sends each venue's items in their own batch, naming that venue.

beforeAll(() => {
  if (!globalThis.crypto?.randomUUID) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});
afterEach(() => localStorage.clear());

const tonight: DoorData = {
  night: '2026-11-28',
  version: '2026-11-28.1',
  full: true,
  takenAt: new Date().toISOString(),
  salt: 'salt',
  timeZone: 'Australia/Sydney',
  staleAfterMinutes: 30,
  coupons: [],
  members: [],
};

describe('offline door queue', () => {
  it('sends what was done at each venue in a batch naming that venue, once the network is back', async () => {
    const batches: DoorSyncRequest[] = [];
    routeFetch({
      [at(routes.getDoorData)]: { status: 200, body: tonight },
      [at(routes.syncDoor)]: (sent) => {
        const body = sent as DoorSyncRequest;
        batches.push(body);
        return {
          status: 200,
          body: {
            results: body.items.map((item) => ({ id: item.id, outcome: 'done', message: 'Visit recorded', userCouponId: null })),
          },
        };
      },
    });
    const { result } = renderHook(() => useOfflineDoor());
    await waitFor(() => expect(result.current.ready).toBe(true));

    act(() => result.current.lost());
    localStorage.setItem('doorVenue', '2');
    act(() => result.current.enqueue({ kind: 'visit', text: 'CARD-ONE', method: 'scan' }, {}));
    act(() => result.current.enqueue({ kind: 'visit', text: 'CARD-TWO', method: 'scan' }, {}));
    // The phone moves to another venue before the network comes back.
    localStorage.setItem('doorVenue', '3');
    act(() => result.current.enqueue({ kind: 'visit', text: 'CARD-THREE', method: 'typed' }, {}));
    expect(batches).toEqual([]);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(batches).toHaveLength(2));
    expect(batches.map((batch) => [batch.venueId, batch.items.map((item) => item.text)])).toEqual([
      [2, ['CARD-ONE', 'CARD-TWO']],
      [3, ['CARD-THREE']],
    ]);
    // The venue rides on the batch, not on its items (the api takes none there).
    expect(batches.flatMap((batch) => batch.items).every((item) => !('venueId' in item))).toBe(true);
    await waitFor(() => expect(result.current.status).not.toContain('waiting'));
  });
});
