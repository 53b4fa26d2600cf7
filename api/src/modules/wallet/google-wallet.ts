import { createPrivateKey, type KeyObject, randomUUID, sign } from 'node:crypto';
import { type EventPassContent, eventPassSerial } from './event-pass.js';

/** What signs "Save to Google Wallet" links: the issuer and its service account (README "Wallet passes"). */
export interface GoogleSigning {
  issuerId: string;
  serviceAccountEmail: string;
  privateKeyPem: string;
  /** The site that shows the button (APP_URL): the JWT's `origins`. */
  origin: string;
  issuerName: string;
}

export type GooglePassContent =
  | {
      kind: 'coupon';
      userCouponId: string;
      couponId: string;
      title: string;
      value: string;
      shortCode: string;
      expiresAt: Date | null;
      redeemed: boolean;
    }
  | {
      kind: 'card';
      cardId: string;
      name: string;
      tier: string;
      points: number;
      qrPayload: string;
      shortCode: string;
      /** The nearest coming guest-list night, as the Apple card shows it; null: none. */
      guestList: string | null;
    }
  | (EventPassContent & { kind: 'event' });

/** Google's LocalizedString: `defaultValue` {language, value}. */
const localized = (value: string) => ({ defaultValue: { language: 'en-US', value } });

/**
 * The "Add to Google Wallet" JWT as Google's "Google Wallet API JWT" reference documents it:
 * "iss: Your Google Cloud service account generated email address", "aud: ... will always be
 * google", "typ: ... will always be savetowallet", "iat: Issued at time in seconds since epoch",
 * "payload" with the classes and objects to save (offerClasses/offerObjects,
 * loyaltyClasses/loyaltyObjects, eventTicketClasses/eventTicketObjects), and "origins" (the domains allowed to show the button). It is
 * signed RS256 with the service account's key; the link is https://pay.google.com/gp/v/save/<jwt>.
 * Object and class ids are "<issuer id>.<suffix>"; an object's barcode is {type: QR_CODE, value,
 * alternateText}, its state ACTIVE, COMPLETED (redeemed) or EXPIRED. An event night's class
 * (one per night) carries eventName, eventId (at most 64 characters: it groups tickets of one
 * event), venue {name, address} and dateTime {doorsOpen, start, end} as Google's EventTicketClass
 * documents them; its object is made per link (anyone may save the night, and an object once
 * saved belongs to that user), with the line-up and price as text modules and the event's page
 * as a link.
 */
export class GoogleWalletLinks {
  private readonly key: KeyObject;

  constructor(
    private readonly signing: GoogleSigning,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createPrivateKey(signing.privateKeyPem);
  }

  link(content: GooglePassContent): string {
    return `https://pay.google.com/gp/v/save/${this.jwt(content)}`;
  }

  jwt(content: GooglePassContent): string {
    const issuer = this.signing.issuerId;
    const now = this.now();
    let payload: Record<string, unknown>;
    if (content.kind === 'coupon') {
      const classId = `${issuer}.coupon-${content.couponId}`;
      const expired = content.expiresAt !== null && content.expiresAt.getTime() <= now.getTime();
      payload = {
        offerClasses: [
          {
            id: classId,
            issuerName: this.signing.issuerName,
            provider: this.signing.issuerName,
            title: content.title,
            redemptionChannel: 'INSTORE',
            reviewStatus: 'UNDER_REVIEW',
          },
        ],
        offerObjects: [
          {
            id: `${issuer}.user-coupon-${content.userCouponId}`,
            classId,
            state: content.redeemed ? 'COMPLETED' : expired ? 'EXPIRED' : 'ACTIVE',
            barcode: { type: 'QR_CODE', value: content.shortCode, alternateText: content.shortCode },
            textModulesData: [{ id: 'value', header: content.title, body: content.value }],
            ...(content.expiresAt ? { validTimeInterval: { end: { date: content.expiresAt.toISOString() } } } : {}),
          },
        ],
      };
    } else if (content.kind === 'event') {
      const classId = `${issuer}.${eventPassSerial(content)}`;
      payload = {
        eventTicketClasses: [
          {
            id: classId,
            issuerName: this.signing.issuerName,
            reviewStatus: 'UNDER_REVIEW',
            eventId: eventPassSerial(content),
            eventName: localized(content.title),
            venue: { name: localized(content.venueName), address: localized(content.address) },
            dateTime: { doorsOpen: content.startsAt, start: content.startsAt, end: content.endsAt },
          },
        ],
        eventTicketObjects: [
          {
            id: `${classId}-${randomUUID()}`,
            classId,
            state: 'ACTIVE',
            textModulesData: [
              ...(content.lineUp.length > 0 ? [{ id: 'line-up', header: 'Line-up', body: content.lineUp.join(', ') }] : []),
              { id: 'entry', header: 'Entry', body: content.priceText },
            ],
            linksModuleData: { uris: [{ id: 'page', uri: content.url, description: content.title }] },
            validTimeInterval: { end: { date: content.expiresAt } },
          },
        ],
      };
    } else {
      const classId = `${issuer}.member-card`;
      payload = {
        loyaltyClasses: [
          {
            id: classId,
            issuerName: this.signing.issuerName,
            programName: `${this.signing.issuerName} members`,
            reviewStatus: 'UNDER_REVIEW',
          },
        ],
        loyaltyObjects: [
          {
            id: `${issuer}.member-card-${content.cardId}`,
            classId,
            state: 'ACTIVE',
            accountId: content.shortCode,
            accountName: content.name,
            loyaltyPoints: { label: 'Points', balance: { int: content.points } },
            textModulesData: [
              { id: 'tier', header: 'Tier', body: content.tier },
              ...(content.guestList ? [{ id: 'guest-list', header: 'Guest list', body: content.guestList }] : []),
            ],
            barcode: { type: 'QR_CODE', value: content.qrPayload, alternateText: content.shortCode },
          },
        ],
      };
    }
    const claims = {
      iss: this.signing.serviceAccountEmail,
      aud: 'google',
      typ: 'savetowallet',
      iat: Math.floor(now.getTime() / 1000),
      origins: [this.signing.origin],
      payload,
    };
    const head = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign('sha256', Buffer.from(`${head}.${body}`), this.key).toString('base64url');
    return `${head}.${body}.${signature}`;
  }
}
