import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { forgetSavedAnswers, restoreSavedAnswers, saveAnswersAsTheyArrive } from './offline-cache';
import { queryKeys } from './query-keys';

const coupons = [{ id: 'held-1', shortCode: 'K7QM-3XPD-2A9', qrCode: 'token' }];

describe('offline cache of the member area', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => stop());

  it("saves the member's coupons as they arrive and restores them for the same session only", async () => {
    const online = new QueryClient();
    stop = saveAnswersAsTheyArrive(online, 'session-a');
    await online.fetchQuery({ queryKey: queryKeys.myCoupons, queryFn: async () => coupons });
    await online.fetchQuery({ queryKey: ['news'], queryFn: async () => ({ posts: [] }) });

    const later = new QueryClient();
    restoreSavedAnswers(later, 'session-a');
    expect(later.getQueryData(queryKeys.myCoupons)).toEqual(coupons);
    // Restored answers are stale: the first online render asks again.
    expect(later.getQueryState(queryKeys.myCoupons)?.isInvalidated).toBe(true);
    // Only what the door needs is kept.
    expect(later.getQueryData(['news'])).toBeUndefined();

    const someoneElse = new QueryClient();
    restoreSavedAnswers(someoneElse, 'session-b');
    expect(someoneElse.getQueryData(queryKeys.myCoupons)).toBeUndefined();
  });

  it('forgets everything at sign-out', async () => {
    const client = new QueryClient();
    stop = saveAnswersAsTheyArrive(client, 'session-a');
    await client.fetchQuery({ queryKey: queryKeys.myCoupons, queryFn: async () => coupons });
    forgetSavedAnswers();
    const later = new QueryClient();
    restoreSavedAnswers(later, 'session-a');
    expect(later.getQueryData(queryKeys.myCoupons)).toBeUndefined();
  });

  it('does not restore a list saved before My Coupons came in pages as if it were pages', () => {
    localStorage.setItem(
      'nocturne:saved-answers',
      JSON.stringify({ sessionId: 'session-a', savedAt: Date.now(), answers: { [JSON.stringify(['coupons', 'my'])]: coupons } }),
    );
    const later = new QueryClient();
    restoreSavedAnswers(later, 'session-a');
    expect(later.getQueryData(queryKeys.myCoupons)).toBeUndefined();
  });
});
