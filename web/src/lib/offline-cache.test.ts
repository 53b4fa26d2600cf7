import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { forgetSavedAnswers, restoreSavedAnswers, saveAnswersAsTheyArrive } from './offline-cache';
import { queryKeys } from './query-keys';

const coupons = [{ id: 'held-1', shortCode: 'K7QM-3XPD-2A9', qrCode: 'token' }];
/** The saving runs after the answer's other listeners: a task later. */
const saved = () => new Promise((resolve) => setTimeout(resolve, 5));

async function waitForCondition(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('offline cache of the member area', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => stop());

  it("saves the member's coupons as they arrive and restores them for the same session only", async () => {
    const online = new QueryClient();
    stop = saveAnswersAsTheyArrive(online, 'session-a');
    await online.fetchQuery({ queryKey: queryKeys.myCoupons, queryFn: async () => coupons });
    await online.fetchQuery({ queryKey: queryKeys.adminCoupons, queryFn: async () => [{ id: 'admin-only' }] });
    await saved();

    const later = new QueryClient();
    restoreSavedAnswers(later, 'session-a');
    expect(later.getQueryData(queryKeys.myCoupons)).toEqual(coupons);
    // Restored answers are stale: the first online render asks again.
    expect(later.getQueryState(queryKeys.myCoupons)?.isInvalidated).toBe(true);
    // Only the members area's answers are kept.
    expect(later.getQueryData(queryKeys.adminCoupons)).toBeUndefined();

    const someoneElse = new QueryClient();
    restoreSavedAnswers(someoneElse, 'session-b');
    expect(someoneElse.getQueryData(queryKeys.myCoupons)).toBeUndefined();
  });

  it("keeps every members' tab and the venue's time zone, each with when it arrived", async () => {
    const online = new QueryClient();
    stop = saveAnswersAsTheyArrive(online, 'session-a');
    const tabs = [
      [queryKeys.news, { pages: [{ posts: [{ id: 'post-1' }], nextCursor: null }], pageParams: [null] }],
      [queryKeys.coupons, [{ id: 'offered-1' }]],
      [queryKeys.myCoupons, coupons],
      [queryKeys.pointsHistory, [{ id: 'entry-1', points: 5 }]],
      [queryKeys.myCard, { shortCode: 'M3RC-4RDX-7QZ' }],
      [queryKeys.me, { id: 'member-1' }],
      [queryKeys.venue, { timeZone: 'Australia/Sydney' }],
    ] as const;
    for (const [queryKey, data] of tabs) await online.fetchQuery({ queryKey, queryFn: async () => data });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await online.fetchQuery({ queryKey: queryKeys.coupons, queryFn: async () => [{ id: 'offered-2' }], staleTime: 0 });
    await saved();

    const later = new QueryClient();
    restoreSavedAnswers(later, 'session-a');
    for (const [queryKey, data] of tabs.filter(([key]) => key !== queryKeys.coupons)) {
      expect(later.getQueryData(queryKey)).toEqual(data);
      expect(later.getQueryState(queryKey)?.dataUpdatedAt).toBe(online.getQueryState(queryKey)?.dataUpdatedAt);
    }
    expect(later.getQueryData(queryKeys.coupons)).toEqual([{ id: 'offered-2' }]);
    // Each answer keeps its own time: the list fetched again is newer than the news.
    expect(later.getQueryState(queryKeys.coupons)!.dataUpdatedAt).toBeGreaterThan(
      later.getQueryState(queryKeys.news)!.dataUpdatedAt,
    );
  });

  it('saves one moment: when fresh points arrive, the history and tier card are fetched again before anything is saved', async () => {
    const online = new QueryClient();
    let history = [{ id: 'welcome', points: 20 }];
    let toNext = '80 points to Silver';
    let answerHistory = async () => history;
    const fetchHistory = () => online.fetchQuery({ queryKey: queryKeys.pointsHistory, queryFn: () => answerHistory() });
    const fetchTier = () => online.fetchQuery({ queryKey: queryKeys.myTier, queryFn: async () => ({ toNext }) });
    await online.fetchQuery({ queryKey: queryKeys.me, queryFn: async () => ({ currentPoints: 20, totalPoints: 20 }) });
    await fetchHistory();
    await fetchTier();
    stop = saveAnswersAsTheyArrive(online, 'session-a');
    await online.fetchQuery({ queryKey: queryKeys.venue, queryFn: async () => ({ timeZone: 'Australia/Sydney' }) });
    await saved();

    // The server moved the points: a poll of `me` sees them first; the history, not on screen,
    // answers slowly.
    history = [{ id: 'adjusted', points: 30 }, ...history];
    toNext = '50 points to Silver';
    let release: () => void = () => undefined;
    answerHistory = () =>
      new Promise<typeof history>((resolve) => {
        release = () => resolve(history);
      });
    await online.fetchQuery({
      queryKey: queryKeys.me,
      queryFn: async () => ({ currentPoints: 50, totalPoints: 50 }),
      staleTime: 0,
    });
    await saved();
    // The history is being fetched again: the saved copy is still the old moment, whole.
    const before = new QueryClient();
    restoreSavedAnswers(before, 'session-a');
    expect(before.getQueryData(queryKeys.me)).toEqual({ currentPoints: 20, totalPoints: 20 });
    expect(before.getQueryData(queryKeys.pointsHistory)).toEqual([{ id: 'welcome', points: 20 }]);
    expect(before.getQueryData(queryKeys.myTier)).toEqual({ toNext: '80 points to Silver' });

    release();
    await waitForCondition(() => online.getQueryState(queryKeys.pointsHistory)?.fetchStatus === 'idle');
    await saved();
    const after = new QueryClient();
    restoreSavedAnswers(after, 'session-a');
    expect(after.getQueryData(queryKeys.me)).toEqual({ currentPoints: 50, totalPoints: 50 });
    expect(after.getQueryData(queryKeys.pointsHistory)).toEqual(history);
    expect(after.getQueryData(queryKeys.myTier)).toEqual({ toNext: '50 points to Silver' });
  });

  it('forgets everything at sign-out', async () => {
    const client = new QueryClient();
    stop = saveAnswersAsTheyArrive(client, 'session-a');
    await client.fetchQuery({ queryKey: queryKeys.myCoupons, queryFn: async () => coupons });
    await saved();
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
