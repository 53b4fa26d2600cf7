import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { VenueChoice } from '@nocturne/contracts';
import { venueChoicesQueryOptions } from './venue-choices';

// Which venue a staffer is working at, remembered on the phone or computer (PRODUCT.md §12):
// - the staff screens' venue (the switcher in the admin header): one venue, or "all" (the group's,
//   for an admin or an account of every venue); lists, counts and the overview ask for it;
// - the door's venue: asked once by door mode when the account works at several, and sent with
//   every check, redemption, tally and offline batch (door-calls, the tally, the offline door).
// A group of one venue, or an account of one venue, never names one: nothing is asked or sent.

const STAFF_KEY = 'staffVenue';
const DOOR_KEY = 'doorVenue';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STAFF_KEY || event.key === DOOR_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not remembered: asked again next time.
  }
  for (const listener of listeners) listener();
}

const idOf = (kept: string | null): number | undefined => (kept && /^\d+$/.test(kept) ? Number(kept) : undefined);

/**
 * The venue door requests are at, as remembered here: the door's, else the staff screens' one
 * venue (the Coupons tab's scanner). None: the api takes the account's only venue.
 */
function doorVenueId(): number | undefined {
  return idOf(read(DOOR_KEY)) ?? idOf(read(STAFF_KEY));
}

/** `{ venueId }` for a door request body or query, or nothing when no venue is remembered. */
export function doorVenueField(): { venueId?: number } {
  const venueId = doorVenueId();
  return venueId === undefined ? {} : { venueId };
}

/**
 * The open venues the signed-in staffer works at (empty while loading, or when the answer failed).
 * Once known, a venue remembered here that is not theirs (another account on this phone), or any
 * venue once they work at one only, is forgotten: requests never name a venue they cannot use.
 */
function useMyVenues(): { mine: VenueChoice[]; every: boolean; loaded: boolean } {
  const query = useQuery(venueChoicesQueryOptions());
  const open = (query.data?.venues ?? []).filter((venue) => !venue.archived);
  const mine = open.filter((venue) => venue.mine);
  const loaded = query.isSuccess;
  const usable = mine.length > 1 ? mine.map((venue) => venue.id).join(',') : '';
  const staffKept = useSyncExternalStore(subscribe, () => read(STAFF_KEY));
  const doorKept = useSyncExternalStore(subscribe, () => read(DOOR_KEY));
  useEffect(() => {
    if (!loaded) return;
    const ids = usable ? usable.split(',').map(Number) : [];
    const stale = (kept: string | null) => idOf(kept) !== undefined && !ids.includes(idOf(kept)!);
    if (stale(staffKept) || (staffKept === 'all' && !usable)) write(STAFF_KEY, null);
    if (stale(doorKept)) write(DOOR_KEY, null);
  }, [loaded, usable, staffKept, doorKept]);
  return { mine, every: mine.length === open.length, loaded };
}

/**
 * The staff screens' venue: `venueId` to ask lists, counts and the overview for (undefined: every
 * venue the staffer works at, or a group of one venue). `show` says whether the header offers a
 * switcher (the staffer works at more than one venue); `all` whether it offers "All venues".
 */
export function useStaffVenue() {
  const kept = useSyncExternalStore(subscribe, () => read(STAFF_KEY));
  const { mine, every } = useMyVenues();
  const show = mine.length > 1;
  const keptId = idOf(kept);
  const valid = keptId !== undefined && mine.some((venue) => venue.id === keptId);
  // An account of some venues has no "all": it sees its first venue until it picks another.
  const venueId = !show ? undefined : valid ? keptId : every ? undefined : mine[0]?.id;
  const choose = useCallback((choice: number | 'all') => write(STAFF_KEY, String(choice)), []);
  return { venueId, show, all: every, venues: mine, choose };
}

/**
 * The door's venue: `asking` while an account of several venues has none remembered here (door
 * mode then asks "Which venue?"), the venue chosen, and `choose` (null: ask again). A remembered
 * venue the account no longer works at (another account on this phone) is forgotten, and so is any
 * venue once the account works at one venue only.
 */
export function useDoorVenue() {
  const kept = useSyncExternalStore(subscribe, () => read(DOOR_KEY));
  const { mine, loaded } = useMyVenues();
  const keptId = idOf(kept);
  const venue = mine.find((choice) => choice.id === keptId);
  const several = mine.length > 1;
  const choose = useCallback((choice: VenueChoice | null) => write(DOOR_KEY, choice ? String(choice.id) : null), []);
  return { asking: loaded && several && !venue, venue: several ? venue : undefined, venues: mine, choose };
}
