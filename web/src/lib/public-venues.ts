import type { PublicVenueView } from '@nocturne/contracts';

/*
 * The group's venues as the public site reads them: the api writes them into the page as JSON
 * (never run), so the landing page asks nothing of the api for them. A single venue's landing
 * page carries none: no list, no venue choice, exactly as before venues.
 */

function read<T>(id: string): T | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The group's open venues on the landing page; empty for a single venue. */
export function readVenueGroup(): PublicVenueView[] {
  const venues = read<PublicVenueView[]>('venue-group');
  return Array.isArray(venues) && venues.length > 1 ? venues : [];
}

/** The venue a venue's page (/venues/:slug) is about, as the api rendered it. */
export const readPageVenue = () => read<PublicVenueView>('venue-data');
