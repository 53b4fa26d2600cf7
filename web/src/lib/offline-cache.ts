import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryKeys } from './query-keys';

/**
 * The answers the members area needs with no signal, saved on the device: who they are, the
 * coupons they hold and their member card (QR and short code) for the door, and every card of
 * every tab (the news feed's loaded pages and its badge, the coupons on offer, the point history,
 * the tier card and its benefits, the invite card, the profile's consent) with the venue's time
 * zone, so dates show (PRODUCT.md §2.5). They are saved together, as one moment that agrees with
 * itself: never while one of them is being fetched again, so the summary, the history and the
 * tier card offline all say the same points. Saved for the signed-in session only, dropped at
 * sign-out or after two weeks. Admins are never served from it.
 */
const SAVED_KEYS = [
  queryKeys.me,
  queryKeys.myCoupons,
  queryKeys.myCard,
  queryKeys.news,
  queryKeys.coupons,
  queryKeys.pointsHistory,
  queryKeys.venue,
  queryKeys.myTier,
  queryKeys.myBirthday,
  queryKeys.myReferrals,
  queryKeys.myConsent,
  queryKeys.commentRewards,
  queryKeys.promotionTonight,
  queryKeys.walletSettings,
  queryKeys.myGuestLists,
] as const;

/** What follows the member's points: fetched again, together, when a fresh answer moves them. */
const FOLLOW_POINTS = [
  queryKeys.pointsHistory,
  queryKeys.myTier,
  queryKeys.myCoupons,
  queryKeys.coupons,
  queryKeys.myCard,
  queryKeys.commentRewards,
  queryKeys.myReferrals,
] as const;
const STORAGE_KEY = 'nocturne:saved-answers';
const MAX_AGE_MS = 14 * 86_400_000;

interface SavedAnswers {
  sessionId: string;
  savedAt: number;
  answers: Record<string, unknown>;
  /** When each answer arrived (savedAt for a copy saved before this was kept). */
  answeredAt?: Record<string, number>;
}

const keyText = (key: readonly unknown[]) => JSON.stringify(key);
const isSaved = (key: readonly unknown[]) => SAVED_KEYS.some((saved) => keyText(saved) === keyText(key));

function read(): SavedAnswers | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as SavedAnswers | null;
    return value && typeof value === 'object' && typeof value.sessionId === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Puts the saved answers of this session into the cache (if it has none), marked stale so they refresh when online. */
export function restoreSavedAnswers(queryClient: QueryClient, sessionId: string): void {
  const saved = read();
  if (!saved || saved.sessionId !== sessionId || Date.now() - saved.savedAt > MAX_AGE_MS) return;
  for (const key of SAVED_KEYS) {
    const data = saved.answers[keyText(key)];
    if (data === undefined || queryClient.getQueryData(key) !== undefined) continue;
    queryClient.setQueryData(key, data, { updatedAt: saved.answeredAt?.[keyText(key)] ?? saved.savedAt });
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

/** The member's points as `me` answers them, to tell when they moved. */
function pointsOf(me: unknown): string | null {
  if (!me || typeof me !== 'object') return null;
  const { currentPoints, totalPoints, memberTier } = me as Record<string, unknown>;
  return JSON.stringify([currentPoints, totalPoints, memberTier]);
}

/**
 * Saves the saved kinds as one moment whenever an answer arrives and none of them is being
 * fetched or waits to be (a copy half old, half new is never written; the last whole one stays).
 * When a fresh `me` moves the points, what follows them is fetched again first. Returns the
 * unsubscribe.
 */
export function saveAnswersAsTheyArrive(queryClient: QueryClient, sessionId: string): () => void {
  const cache = queryClient.getQueryCache();
  let lastPoints = pointsOf(queryClient.getQueryData(queryKeys.me));
  let scheduled = false;
  const saveMoment = () => {
    scheduled = false;
    const queries = SAVED_KEYS.map((key) => cache.find({ queryKey: key, exact: true }));
    const waiting = (query: (typeof queries)[number]) =>
      query !== undefined &&
      (query.state.fetchStatus !== 'idle' || (query.state.isInvalidated && query.state.status !== 'error'));
    if (queries.some(waiting)) return;
    const answers: Record<string, unknown> = {};
    const answeredAt: Record<string, number> = {};
    for (const query of queries) {
      if (!query || query.state.data === undefined) continue;
      answers[keyText(query.queryKey)] = query.state.data;
      answeredAt[keyText(query.queryKey)] = query.state.dataUpdatedAt;
    }
    try {
      localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ sessionId, savedAt: Date.now(), answers, answeredAt } satisfies SavedAnswers),
      );
    } catch {
      // Storage full or refused (private mode): the app works as before, without the offline copy.
    }
  };
  return cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isSaved(event.query.queryKey)) return;
    if (keyText(event.query.queryKey) === keyText(queryKeys.me)) {
      const points = pointsOf(event.query.state.data);
      if (lastPoints !== null && points !== lastPoints)
        for (const key of FOLLOW_POINTS) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'all' });
      lastPoints = points;
    }
    // After the other listeners of this answer (an invalidation it causes marks its queries first).
    if (!scheduled) {
      scheduled = true;
      setTimeout(saveMoment, 0);
    }
  });
}

export function forgetSavedAnswers(): void {
  localStorage.removeItem(STORAGE_KEY);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** False while the browser says it has no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
