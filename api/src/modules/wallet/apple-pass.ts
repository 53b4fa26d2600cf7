import { WALLET_LOCATIONS_MAX } from '@nocturne/domain';
import type { PassSigner } from './pkpass.js';

/** What Apple Wallet passes name and who signs them (README "Wallet passes"). */
export interface AppleSigning {
  passTypeId: string;
  teamId: string;
  signer: PassSigner;
  /** `<APP_URL>/api/wallet/apple`: the PassKit web service's base, Apple adds `/v1/...`. */
  webServiceUrl: string;
  organizationName: string;
}

/**
 * Where the pass is relevant (Apple's pass.json `locations`: latitude, longitude, optional
 * relevantText): the lock screen offers it near any of them. Apple reads at most ten.
 */
export interface PassLocation {
  latitude: number;
  longitude: number;
  relevantText?: string;
}

interface PassCommon {
  serialNumber: string;
  authenticationToken: string;
}

export type ApplePassContent =
  | (PassCommon & {
      kind: 'coupon';
      title: string;
      value: string;
      description: string | null;
      /** Display form (K7QM-3XPD-2A9): the QR's message and the text under it. */
      shortCode: string;
      expiresAt: Date | null;
      /** Redeemed: Wallet shows it as void. */
      voided: boolean;
    })
  | (PassCommon & {
      kind: 'card';
      name: string;
      tier: string;
      points: number;
      memberSince: Date;
      /** The card's QR payload, as door mode scans it, and its short code under it. */
      qrPayload: string;
      shortCode: string;
      /** The nearest coming night the member is on a list for ("Fri 4 Dec · +2 · free until 23:30"); null: none. */
      guestList: string | null;
    });

// A 29x29 plain icon (Wallet requires icon.png): a dark square, generated once and kept as bytes.
export const ICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAB0AAAAdCAIAAADZ8fBYAAAAJElEQVR42mMQoQ1gGDV31NxRc0fNHTV31NxRc0fNHTV3UJkLALsSxR1Gc1LYAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * Builds a signed .pkpass: pass.json as Apple's "Pass" reference describes it (formatVersion,
 * passTypeIdentifier, teamIdentifier, serialNumber, organizationName, description,
 * authenticationToken and webServiceURL for updates; a `coupon` or `storeCard` style with its
 * fields; `barcodes` with format PKBarcodeFormatQR, message, messageEncoding and altText;
 * `expirationDate`, `voided`, `locations`), the icon, the manifest of SHA-1 hashes and its
 * detached PKCS #7 signature (PassSigner writes those two).
 */
export function buildApplePass(signing: AppleSigning, content: ApplePassContent, locations: PassLocation[] = []): Buffer {
  const passJson: Record<string, unknown> = {
    formatVersion: 1,
    passTypeIdentifier: signing.passTypeId,
    teamIdentifier: signing.teamId,
    serialNumber: content.serialNumber,
    organizationName: signing.organizationName,
    authenticationToken: content.authenticationToken,
    webServiceURL: signing.webServiceUrl,
    foregroundColor: 'rgb(20, 20, 20)',
    backgroundColor: 'rgb(250, 250, 250)',
    labelColor: 'rgb(90, 90, 90)',
  };
  if (content.kind === 'coupon') {
    Object.assign(passJson, {
      description: `${signing.organizationName} coupon: ${content.title}`,
      logoText: signing.organizationName,
      coupon: {
        primaryFields: [{ key: 'value', label: content.title, value: content.value }],
        secondaryFields: [{ key: 'code', label: 'Code', value: content.shortCode }],
        ...(content.expiresAt
          ? {
              auxiliaryFields: [
                {
                  key: 'expires',
                  label: 'Use by',
                  value: content.expiresAt.toISOString(),
                  dateStyle: 'PKDateStyleMedium',
                  timeStyle: 'PKDateStyleShort',
                  changeMessage: 'Use by %@',
                },
              ],
            }
          : {}),
        backFields: content.description ? [{ key: 'terms', label: 'Details', value: content.description }] : [],
      },
      barcodes: [
        { format: 'PKBarcodeFormatQR', message: content.shortCode, messageEncoding: 'iso-8859-1', altText: content.shortCode },
      ],
      ...(content.expiresAt ? { expirationDate: content.expiresAt.toISOString() } : {}),
      ...(content.voided ? { voided: true } : {}),
    });
  } else {
    Object.assign(passJson, {
      description: `${signing.organizationName} member card`,
      logoText: signing.organizationName,
      storeCard: {
        primaryFields: [{ key: 'points', label: 'Points', value: content.points, changeMessage: 'You have %@ points' }],
        secondaryFields: [
          { key: 'name', label: 'Member', value: content.name },
          { key: 'tier', label: 'Tier', value: content.tier, changeMessage: 'Your tier is now %@' },
        ],
        ...(content.guestList
          ? {
              auxiliaryFields: [
                { key: 'guestList', label: 'Guest list', value: content.guestList, changeMessage: 'Guest list: %@' },
              ],
            }
          : {}),
        backFields: [
          { key: 'since', label: 'Member since', value: content.memberSince.toISOString(), dateStyle: 'PKDateStyleMedium' },
        ],
      },
      barcodes: [
        { format: 'PKBarcodeFormatQR', message: content.qrPayload, messageEncoding: 'iso-8859-1', altText: content.shortCode },
      ],
    });
  }
  if (locations.length > 0) passJson['locations'] = locations.slice(0, WALLET_LOCATIONS_MAX);
  return signing.signer.pack({
    'pass.json': Buffer.from(JSON.stringify(passJson)),
    'icon.png': ICON_PNG,
    'icon@2x.png': ICON_PNG,
  });
}
