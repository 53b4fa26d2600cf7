/** How long a device that gave its second factor skips it at sign-in (12 hours at most). */
export const REMEMBER_DEVICE_MS = 12 * 3_600_000;

/** The remembered-device cookie: HttpOnly, for the sign-in path only, never sent from another site, 12 hours. */
const DEVICE_COOKIE = 'nocturne_2fa_device';

export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=/api/auth; Max-Age=${REMEMBER_DEVICE_MS / 1000}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function deviceTokenFromCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=') || null;
  }
  return null;
}
