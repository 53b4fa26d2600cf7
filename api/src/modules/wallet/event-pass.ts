import { type AppleSigning, ICON_PNG } from './apple-pass.js';

/** One published night of an event, as its Wallet passes show it (times ISO 8601 with the venue's offset). */
export interface EventPassContent {
  eventId: string;
  /** The night's date (YYYY-MM-DD) and its label ("Fri 4 Dec 2026"). */
  night: string;
  nightLabel: string;
  title: string;
  venueName: string;
  /** The venue's postal address on one line. */
  address: string;
  location: { latitude: number; longitude: number } | null;
  /** Doors open and last entry: 2026-12-04T22:00:00+11:00. */
  startsAt: string;
  endsAt: string;
  /** When Wallet greys the pass out: some hours after last entry, when the night is over. */
  expiresAt: string;
  priceText: string;
  lineUp: string[];
  freeUntil: string | null;
  /** The event's public page (absolute). */
  url: string;
}

/** The serial number of a night's pass: the same night downloaded again replaces the one in Wallet. */
export const eventPassSerial = (content: Pick<EventPassContent, 'eventId' | 'night'>) =>
  `event-${content.eventId}-${content.night}`;

/**
 * A night's Apple Wallet pass, an `eventTicket` as Apple's "Pass" reference describes it: the
 * event's name as the primary field, venue and doors open as secondary fields, last entry and
 * price as auxiliary ones (times shown as the venue's clock: `ignoresTimeZone`), the line-up,
 * address and page on the back; `relevantDate` = doors open, so the lock screen offers it that
 * evening, `locations` the venue's position when known, `expirationDate` after the night, and the
 * event `semantics` Wallet reads (eventName, venueName, eventStartDate, performerNames...).
 *
 * It has no `webServiceURL` nor `authenticationToken`, so it is not updatable: anyone may download
 * it without an account, and an updatable pass needs a registration row per download (the
 * PassKit web service's device registrations) that an anonymous endpoint would let anyone fill.
 * A night that moves is downloaded again: the serial number is the night's, so the new pass
 * replaces the old one.
 */
export function buildEventPass(signing: AppleSigning, content: EventPassContent): Buffer {
  const time = (key: string, label: string, value: string, dateStyle: string) => ({
    key,
    label,
    value,
    dateStyle,
    timeStyle: 'PKDateStyleShort',
    ignoresTimeZone: true,
  });
  const back = [
    ...(content.lineUp.length > 0 ? [{ key: 'lineUp', label: 'Line-up', value: content.lineUp.join('\n') }] : []),
    ...(content.freeUntil
      ? [{ key: 'guestList', label: 'Guest list', value: `Members on the list: free entry until ${content.freeUntil}` }]
      : []),
    { key: 'address', label: 'Venue', value: `${content.venueName}\n${content.address}` },
    { key: 'page', label: 'Event page', value: content.url },
  ];
  const passJson: Record<string, unknown> = {
    formatVersion: 1,
    passTypeIdentifier: signing.passTypeId,
    teamIdentifier: signing.teamId,
    serialNumber: eventPassSerial(content),
    organizationName: signing.organizationName,
    description: `${content.title} at ${content.venueName}, ${content.nightLabel}`,
    logoText: content.venueName,
    foregroundColor: 'rgb(20, 20, 20)',
    backgroundColor: 'rgb(250, 250, 250)',
    labelColor: 'rgb(90, 90, 90)',
    relevantDate: content.startsAt,
    expirationDate: content.expiresAt,
    eventTicket: {
      primaryFields: [{ key: 'event', label: content.nightLabel, value: content.title }],
      secondaryFields: [
        { key: 'venue', label: 'Venue', value: content.venueName },
        time('doors', 'Doors', content.startsAt, 'PKDateStyleMedium'),
      ],
      auxiliaryFields: [
        time('lastEntry', 'Last entry', content.endsAt, 'PKDateStyleNone'),
        { key: 'price', label: 'Entry', value: content.priceText },
      ],
      backFields: back,
    },
    semantics: {
      eventType: 'PKEventTypeLivePerformance',
      eventName: content.title,
      venueName: content.venueName,
      eventStartDate: content.startsAt,
      eventEndDate: content.endsAt,
      ...(content.location ? { venueLocation: content.location } : {}),
      ...(content.lineUp.length > 0 ? { performerNames: content.lineUp } : {}),
    },
  };
  if (content.location) {
    passJson['locations'] = [{ ...content.location, relevantText: `${content.title} at ${content.venueName}` }];
  }
  return signing.signer.pack({
    'pass.json': Buffer.from(JSON.stringify(passJson)),
    'icon.png': ICON_PNG,
    'icon@2x.png': ICON_PNG,
  });
}
