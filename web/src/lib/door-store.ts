import type { DoorData, DoorSyncItemRequest } from '@nocturne/contracts';

/*
 * Tonight's door data and the door's queue, kept on the device encrypted at rest (AES-GCM, Web
 * Crypto) under a random key that lives in sessionStorage with the session: the key goes with the
 * tab's session, sign-out wipes both, and data of another night is thrown away when read.
 */

const DB_NAME = 'nocturne-door';
const STORE = 'sealed';
const KEY_ITEM = 'nocturne.door.key';

/** What the door did offline, at the venue it was at then (none named: the account's own). */
export type QueuedDoorItem = DoorSyncItemRequest & { venueId?: number };

/** What the device keeps: the merged data, and what it did offline not yet accepted by the api. */
export interface DoorKept {
  data: DoorData | null;
  queue: QueuedDoorItem[];
  /** When the api last accepted a batch (ISO). */
  syncedAt: string | null;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not open'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
    });
  } finally {
    db.close();
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The session's key: made once per session, kept in sessionStorage (gone with the tab or at sign-out). */
async function sessionKey(create: boolean): Promise<CryptoKey | null> {
  let raw = sessionStorage.getItem(KEY_ITEM);
  if (!raw) {
    if (!create) return null;
    raw = toBase64(crypto.getRandomValues(new Uint8Array(32)));
    sessionStorage.setItem(KEY_ITEM, raw);
  }
  return crypto.subtle.importKey('raw', fromBase64(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Seals what the door keeps and stores it. */
export async function keepDoorData(kept: DoorKept): Promise<void> {
  const key = await sessionKey(true);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key!, new TextEncoder().encode(JSON.stringify(kept)));
  await withStore('readwrite', (store) => store.put({ iv, sealed }, 'kept'));
}

/** What the door kept, if this session's key opens it and it is of `night` (else it is wiped). */
export async function readDoorData(night: string | null): Promise<DoorKept | null> {
  const key = await sessionKey(false);
  if (!key) {
    await wipeDoorData();
    return null;
  }
  const stored = await withStore<{ iv: Uint8Array<ArrayBuffer>; sealed: ArrayBuffer } | undefined>('readonly', (store) =>
    store.get('kept'),
  );
  if (!stored) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: stored.iv }, key, stored.sealed);
    const kept = JSON.parse(new TextDecoder().decode(plain)) as DoorKept;
    // The night is over: its data is of no use, and its salt is no longer the door's.
    if (night !== null && kept.data && kept.data.night !== night && kept.queue.length === 0) {
      await wipeDoorData();
      return null;
    }
    return kept;
  } catch {
    await wipeDoorData();
    return null;
  }
}

/** Forgets tonight's data, the queue and the key (sign-out, the night's end). */
export async function wipeDoorData(): Promise<void> {
  sessionStorage.removeItem(KEY_ITEM);
  try {
    await withStore('readwrite', (store) => store.delete('kept'));
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}
