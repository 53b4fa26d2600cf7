import { DOOR_DEVICE_HEADER, DOOR_DEVICE_PATTERN, DOOR_ID_HEADER } from '@nocturne/contracts';

// What this phone says of itself to the door endpoints (docs/SECURITY.md "Typed codes at the door"):
// its own id, made once and kept (wrong typed codes slow this phone only), and the named door it
// is at, chosen on door mode's first screen. Both outlive sign-out: they belong to the phone.

const DEVICE_KEY = 'doorDevice';
const DOOR_KEY = 'doorChosen';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This phone's door id, made on first use and kept in localStorage. */
function doorDeviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept && DOOR_DEVICE_PATTERN.test(kept)) return kept;
    const made = randomId();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    // No storage (a private window that refuses it): one id for this page's life.
    return (fallbackId ??= randomId());
  }
}
let fallbackId: string | undefined;

/** The named door this phone is at: chosen once, remembered here. */
export interface ChosenDoor {
  id: string;
  name: string;
}

export function chosenDoor(): ChosenDoor | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DOOR_KEY) ?? 'null') as ChosenDoor | null;
    return kept && typeof kept.id === 'string' && typeof kept.name === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/** The headers every door request carries. */
export function doorHeaders(): Record<string, string> {
  const door = chosenDoor();
  return { [DOOR_DEVICE_HEADER]: doorDeviceId(), ...(door ? { [DOOR_ID_HEADER]: door.id } : {}) };
}

/** Remembers (or forgets) the door this phone is at. */
export function chooseDoor(door: ChosenDoor | null): void {
  try {
    if (door) localStorage.setItem(DOOR_KEY, JSON.stringify({ id: door.id, name: door.name }));
    else localStorage.removeItem(DOOR_KEY);
  } catch {
    // Not remembered: asked again next time.
  }
}
