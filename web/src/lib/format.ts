// Amounts, counts and names as the signed-in areas show them. Dates are the venue's: see
// lib/venue-time (useVenueTime), never the browser's zone.

/** "+5" / "-50": signed points, as the history shows them. */
export const signedPoints = (points: number) => (points > 0 ? `+${points}` : String(points));

const englishPlurals = new Intl.PluralRules('en');

/** "1 view", "2 views", "0 comments": a count with its noun in the right number. */
export const countOf = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${englishPlurals.select(count) === 'one' ? singular : plural}`;

export const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/** "exclusive_content" → "Exclusive Content". */
export const humanise = (value: string) => value.split(/[_-]/).map(capitalise).join(' ');
