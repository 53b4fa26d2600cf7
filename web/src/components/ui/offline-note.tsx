import { OFFLINE_SAVED_COPY, offlineUpdatedAt } from '@nocturne/domain';
import { useOnline } from '@/lib/offline-cache';
import { formatVenueClock, useVenueTimeZone } from '@/lib/venue-time';

/** What the note reads of a query: whether it holds data, whether its last fetch failed, and when the data came. */
export interface SavedAnswer {
  data: unknown;
  isError: boolean;
  dataUpdatedAt: number;
}

/** True while a tab shows a copy saved on the device: no network, or its last fetch failed with data in hand. */
const isSavedCopy = (answer: SavedAnswer, online: boolean) => answer.data !== undefined && (!online || answer.isError);

/**
 * Above a members' tab shown from the device's saved copy (lib/offline-cache), with no signal:
 * "Offline: updated 22:30", the oldest of the tab's answers in venue time (PRODUCT.md §2.5).
 */
export function OfflineNote({ answers }: { answers: SavedAnswer[] }) {
  const online = useOnline();
  const timeZone = useVenueTimeZone();
  const saved = answers.filter((answer) => isSavedCopy(answer, online));
  if (saved.length === 0) return null;
  const oldest = Math.min(...saved.map((answer) => answer.dataUpdatedAt));
  return (
    <p
      role="status"
      data-testid="offline-note"
      className="mb-4 rounded-md border border-amber-300/40 bg-amber-950/40 px-3 py-2 text-sm text-amber-100"
    >
      {timeZone && oldest > 0 ? offlineUpdatedAt(formatVenueClock(new Date(oldest).toISOString(), timeZone)) : OFFLINE_SAVED_COPY}
    </p>
  );
}
