import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryKeys } from './query-keys';

/**
 * The answers a member needs at the door with no signal, saved on the device: who they are, the
 * coupons they hold and their member card (QR and short code). Saved for the signed-in session
 * only, replaced as fresh answers arrive, dropped at sign-out or after two weeks. Admins are never
 * served from it.
 */
const SAVED_KEYS = [queryKeys.me, queryKeys.myCoupons, queryKeys.myCard] as const;
const STORAGE_KEY = 'nocturne:saved-answers';
const MAX_AGE_MS = 14 * 86_400_000;

interface SavedAnswers {
  sessionId: string;
  savedAt: number;
  answers: Record<string, unknown>;
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
    queryClient.setQueryData(key, data, { updatedAt: saved.savedAt });
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

/** Saves each fresh answer of the saved kinds as it arrives; returns the unsubscribe. */
export function saveAnswersAsTheyArrive(queryClient: QueryClient, sessionId: string): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isSaved(event.query.queryKey)) return;
    const current = read();
    const answers = current?.sessionId === sessionId ? current.answers : {};
    answers[keyText(event.query.queryKey)] = event.query.state.data;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ sessionId, savedAt: Date.now(), answers } satisfies SavedAnswers));
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
