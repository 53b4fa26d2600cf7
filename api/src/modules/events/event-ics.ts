import type { EventNight } from '@nocturne/contracts';
import type { VenueRecord } from '#modules/venues/venues.public.js';

/** RFC 5545 text: backslashes, semicolons, commas and line breaks escaped. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** UTC in the basic format calendars read: 20261205T110000Z. */
const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets folded (RFC 5545 §3.1), CRLF-ended. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const character of line) {
    if (Buffer.byteLength(current + character, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += character;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * A night as an iCalendar file: doors to last entry, in UTC (computed from the venue's zone, so a
 * calendar shows it right in its own zone across a daylight-saving change). Its UID is the
 * event's and night's, so importing it twice keeps one entry.
 */
export function eventIcs(night: EventNight, venue: VenueRecord, url: string, stamp: Date): string {
  const address = [venue.name, venue.address.street, venue.address.locality, venue.address.region, venue.address.country]
    .filter(Boolean)
    .join(', ');
  const description = [
    night.lineUp.length > 0 ? `Line-up: ${night.lineUp.join(', ')}` : '',
    `Doors ${night.doorsOpen}, last entry ${night.lastEntry}`,
    `Entry ${night.priceText}${night.agePolicy ? ` · ${night.agePolicy}` : ''}${night.dressCode ? ` · Dress code: ${night.dressCode}` : ''}`,
    url,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nocturne//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${night.id}-${night.night}@nocturne`,
    `DTSTAMP:${utc(stamp.toISOString())}`,
    `DTSTART:${utc(night.startsAt)}`,
    `DTEND:${utc(night.endsAt)}`,
    `SUMMARY:${text(`${night.title} at ${venue.name}`)}`,
    `DESCRIPTION:${text(description)}`,
    `LOCATION:${text(address)}`,
    `URL:${url}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
