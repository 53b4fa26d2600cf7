import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryKeys } from './query-keys';

/**
 * The answers the members area needs with no signal, saved on the device: who they are, the
 * coupons they hold and their member card (QR and short code) for the door, and every tab's list
 * (the news feed's loaded pages, the coupons on offer, the point history) with the venue's time
 * zone, so dates show (PRODUCT.md §2.5). Saved for the signed-in session only, replaced as fresh
 * answers arrive, dropped at sign-out or after two weeks. Admins are never served from it.
 */
const SAVED_KEYS = [
  queryKeys.me,
  queryKeys.myCoupons,
  queryKeys.myCard,
  queryKeys.news,
  queryKeys.coupons,
  queryKeys.pointsHistory,
  queryKeys.venue,
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

/** Saves each fresh answer of the saved kinds as it arrives; returns the unsubscribe. */
export function saveAnswersAsTheyArrive(queryClient: QueryClient, sessionId: string): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isSaved(event.query.queryKey)) return;
    const current = read();
    const same = current?.sessionId === sessionId;
    const answers = same ? current.answers : {};
    const answeredAt = (same ? current.answeredAt : undefined) ?? {};
    answers[keyText(event.query.queryKey)] = event.query.state.data;
    answeredAt[keyText(event.query.queryKey)] = event.query.state.dataUpdatedAt;
    try {
      localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ sessionId, savedAt: Date.now(), answers, answeredAt } satisfies SavedAnswers),
      );
    } catch {
      // Storage full or refused (private mode): the app works as before, without the offline copy.
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
