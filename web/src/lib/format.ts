// Dates and amounts as the signed-in areas show them, in the visitor's locale.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '');
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTimeFormat.format(new Date(iso)) : '');

/** "+5" / "-50": SPEC 2's signed points. */
export const signedPoints = (points: number) => (points > 0 ? `+${points}` : String(points));

const englishPlurals = new Intl.PluralRules('en');

/** "1 view", "2 views", "0 comments": a count with its noun in the right number. */
export const countOf = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${englishPlurals.select(count) === 'one' ? singular : plural}`;

export const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/** "exclusive_content" → "Exclusive Content". */
export const humanise = (value: string) => value.split(/[_-]/).map(capitalise).join(' ');
