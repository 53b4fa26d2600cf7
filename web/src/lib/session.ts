import type { User } from '@nocturne/contracts';
import { runsTheVenue } from '@nocturne/domain';
import { wipeDoorData } from './door-store';

// The session id and the user record live in localStorage under these keys (PRODUCT.md §3).
const SESSION_KEY = 'sessionId';
const USER_KEY = 'user';
// Set when the sign-in answer says it was the member's first: the greeting says "Welcome", not "Welcome back".
const FIRST_SIGN_IN_KEY = 'firstSignIn';

export interface StoredSession {
  sessionId: string;
  user: User;
}

export function getSessionId(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

export function readSession(): StoredSession | null {
  const sessionId = getSessionId();
  const rawUser = localStorage.getItem(USER_KEY);
  if (!sessionId || !rawUser) return null;
  try {
    const user = JSON.parse(rawUser) as User;
    // A user stored before accounts had roles: its admin flag says which side it belongs to.
    return { sessionId, user: { ...user, role: user.role ?? (user.isAdmin ? 'admin' : 'member') } };
  } catch {
    return null;
  }
}

export function storeSession(sessionId: string, user: User, firstSignIn?: boolean): void {
  localStorage.setItem(SESSION_KEY, sessionId);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (firstSignIn === true) localStorage.setItem(FIRST_SIGN_IN_KEY, 'true');
  else if (firstSignIn === false) localStorage.removeItem(FIRST_SIGN_IN_KEY);
}

/** Whether the current session began with the member's first sign-in. */
export function isFirstSignIn(): boolean {
  try {
    return localStorage.getItem(FIRST_SIGN_IN_KEY) === 'true';
  } catch {
    return false;
  }
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(FIRST_SIGN_IN_KEY);
  // Door mode's data of the night and its key go with the session.
  void wipeDoorData();
}

/**
 * Where an account lands after sign-in: managers and admins on the staff dashboard, door staff in
 * door mode (PRODUCT.md §2.12), members in their area.
 */
export const homeFor = (user: Pick<User, 'role'>): string =>
  runsTheVenue(user.role) ? '/admin-dashboard' : user.role === 'door' ? '/door' : '/member-dashboard';
