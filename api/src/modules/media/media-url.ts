import { isMediaKey } from '@nocturne/storage';

/** Where a finalized object is served (GET /media/{objectPath}). */
export const mediaUrl = (objectPath: string) => `/media/${objectPath}`;

/**
 * The object key inside a `mediaURL` the browser reports after its PUT: the upload URL without
 * its query, e.g. `http://minio:9000/bucket/news/<uuid>.png` or `/api/uploads/news/<uuid>.png`.
 * Only keys of the server's own shape are recognised; anything else is null.
 */
export function keyFromMediaUrl(mediaURL: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(mediaURL, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null; // broken %-encoding (`%E0%A4%A`): not one of our URLs
  }
  const match = /(news\/[^/]+)$/.exec(decoded);
  return match && isMediaKey(match[1]!) ? match[1]! : null;
}
