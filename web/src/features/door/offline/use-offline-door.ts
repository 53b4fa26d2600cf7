import { useCallback, useEffect, useRef, useState } from 'react';
import * as routes from '@nocturne/contracts/routes';
import type { DoorData, DoorSyncItemRequest, DoorSyncResult } from '@nocturne/contracts';
import { DOOR_SYNC_BATCH_MAX, doorStatusLine } from '@nocturne/domain';
import { api, ApiError } from '@/lib/api-client';
import { DoorIndex, type OfflineVerdict } from './door-index';
import { doorHeaders } from '@/lib/door-device';
import { keepDoorData, type QueuedDoorItem, readDoorData, wipeDoorData } from '@/lib/door-store';
import { doorVenueField } from '@/lib/staff-venue';

/** Tonight's data is asked for this often (a 304 while nothing changed): another door's redemption reaches this one within it. */
const DATA_POLL_MS = 5_000;
/** The status line's clock ("Synced 23:52" gives way to "Online"). */
const TICK_MS = 15_000;

/** Whether a failed call means no network (or no api behind it), rather than an answer. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * Offline door mode on the device (PRODUCT.md §6): tonight's data fetched and kept fresh while
 * online (a conditional poll of GET /api/door/data with the last cursor) and kept encrypted; with
 * no network, verdicts from it; what the door did offline queued with the device's id and time and
 * sent in one batch (POST /api/door/sync) when the network is back. Conflicts come back in words.
 */
export function useOfflineDoor() {
  const index = useRef(new DoorIndex());
  const queue = useRef<QueuedDoorItem[]>([]);
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const onlineRef = useRef(online);
  const [waiting, setWaiting] = useState(0);
  const [dataAt, setDataAt] = useState<Date | null>(null);
  const [timeZone, setTimeZone] = useState('UTC');
  const [syncedAt, setSyncedAt] = useState<Date | null>(null);
  const [conflicts, setConflicts] = useState<string[]>([]);
  const [, setTick] = useState(0);
  const sending = useRef(false);
  /** Resolved once tonight's data is on the device (read back from the store, or fetched). */
  const loaded = useRef<{ done: boolean; wake: (() => void)[] }>({ done: false, wake: [] });
  const markLoaded = useCallback(() => {
    loaded.current.done = true;
    for (const wake of loaded.current.wake.splice(0)) wake();
  }, []);

  const markOnline = useCallback((value: boolean) => {
    onlineRef.current = value;
    setOnline(value);
  }, []);

  const keep = useCallback(async (synced: Date | null = null) => {
    try {
      await keepDoorData({
        data: index.current.snapshot(),
        queue: queue.current,
        syncedAt: synced?.toISOString() ?? null,
      });
    } catch {
      // No IndexedDB (a private window): the data stays in memory for this page.
    }
  }, []);

  const send = useCallback(async () => {
    if (sending.current || queue.current.length === 0 || !onlineRef.current) return;
    sending.current = true;
    try {
      while (queue.current.length > 0) {
        // A batch is at one venue: the one each item was done at, even if the phone has moved since.
        const venueId = queue.current[0]!.venueId;
        const batch = queue.current.slice(0, DOOR_SYNC_BATCH_MAX);
        const sameVenue = batch.findIndex((item) => item.venueId !== venueId);
        const items = (sameVenue === -1 ? batch : batch.slice(0, sameVenue)).map(({ venueId: _venue, ...item }) => item);
        // The phone's and the door's headers, as a check's: "Used twice" names the doors.
        const answer = await api.callWithHeaders(routes.syncDoor, doorHeaders(), {
          body: { items, ...(venueId === undefined ? {} : { venueId }) },
        });
        const done = new Set(answer.results.map((result: DoorSyncResult) => result.id));
        queue.current = queue.current.filter((item) => !done.has(item.id.toLowerCase()) && !done.has(item.id));
        setWaiting(queue.current.length);
        const worded = answer.results.filter((result) => result.outcome !== 'done').map((result) => result.message);
        if (worded.length) setConflicts((shown) => [...worded, ...shown].slice(0, 5));
        const now = new Date();
        setSyncedAt(now);
        await keep(now);
      }
    } catch (error) {
      if (isNetworkFailure(error)) markOnline(false);
    } finally {
      sending.current = false;
    }
  }, [keep, markOnline]);

  const poll = useCallback(async () => {
    try {
      const since = index.current.version ?? undefined;
      const data: DoorData = await api.callWithHeaders(routes.getDoorData, doorHeaders(), {
        query: { ...(since ? { since } : {}), ...doorVenueField() },
      });
      if (index.current.night !== null && index.current.night !== data.night && queue.current.length === 0) await wipeDoorData();
      index.current.apply(data);
      setDataAt(index.current.takenAt);
      setTimeZone(data.timeZone);
      markLoaded();
      markOnline(true);
      await keep();
      void send();
    } catch (error) {
      if (isNetworkFailure(error)) markOnline(false);
    }
  }, [keep, markLoaded, markOnline, send]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      const kept = await readDoorData(null).catch(() => null);
      if (stopped || !kept) return;
      if (kept.data) {
        index.current.apply(kept.data);
        markLoaded();
      }
      queue.current = [...kept.queue, ...queue.current];
      setWaiting(queue.current.length);
      setDataAt(index.current.takenAt);
      setTimeZone(index.current.timeZone ?? 'UTC');
      if (kept.syncedAt) setSyncedAt(new Date(kept.syncedAt));
    })().then(() => poll());
    const timer = setInterval(() => void poll(), DATA_POLL_MS);
    const tick = setInterval(() => setTick((n) => n + 1), TICK_MS);
    const goOnline = () => void poll();
    const goOffline = () => markOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      stopped = true;
      clearInterval(timer);
      clearInterval(tick);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [markLoaded, markOnline, poll]);

  /** Waits (at most `ms`) for tonight's data: a scan right as door mode opens offline waits for the store. */
  const whenReady = useCallback(
    (ms: number) =>
      new Promise<boolean>((resolve) => {
        if (loaded.current.done) return resolve(true);
        const timer = setTimeout(() => resolve(loaded.current.done), ms);
        loaded.current.wake.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      }),
    [],
  );

  /** A verdict from tonight's data. */
  const decide = useCallback((text: string): Promise<OfflineVerdict> => index.current.decide(text), []);

  /** Queues what the door did offline (at the door's venue now), marks it in tonight's data, and keeps both. */
  const enqueue = useCallback(
    (item: Omit<DoorSyncItemRequest, 'id' | 'at'>, mark: { couponHash?: string; memberKey?: string }) => {
      const at = new Date();
      queue.current = [...queue.current, { ...item, id: crypto.randomUUID(), at: at.toISOString(), ...doorVenueField() }];
      setWaiting(queue.current.length);
      if (mark.couponHash) index.current.markRedeemed(mark.couponHash, at, null);
      if (mark.memberKey) index.current.markVisited(mark.memberKey);
      void keep();
      void send();
    },
    [keep, send],
  );

  const status = doorStatusLine({ online, waiting, dataAt, syncedAt }, new Date(), timeZone);

  return {
    /** True while the api is not reachable: scans are decided here. */
    offline: !online,
    /** Whether tonight's data is on the device. */
    ready: dataAt !== null,
    status,
    conflicts,
    decide,
    enqueue,
    whenReady,
    /** The api answered nothing: from now on, decide here until a poll gets through. */
    lost: () => markOnline(false),
  };
}
