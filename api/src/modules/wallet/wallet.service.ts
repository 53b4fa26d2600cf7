import { readFileSync } from 'node:fs';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { WalletSettings } from '@nocturne/contracts';
import { APPLE_WALLET_OFF, couponValueLabel, GOOGLE_WALLET_OFF, PASS_NOT_FOUND, WALLET_LOCATIONS_MAX } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { formatShortCode, ShortCodeService } from '../coupons/coupons.public.js';
import { MemberCards } from '../door/door.public.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { CardGuestList } from './card-guest-list.js';
import { type ApplePassContent, type AppleSigning, buildApplePass, type PassLocation } from './apple-pass.js';
import { type GooglePassContent, GoogleWalletLinks } from './google-wallet.js';
import { PassSigner } from './pkpass.js';
import { WalletFailure } from './wallet-failure.js';
import { WalletRepository } from './wallet.repository.js';

const ORGANIZATION = 'Nocturne';

export type StoredPass = NonNullable<Awaited<ReturnType<WalletRepository['findPass']>>>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What one device-log request may put in the api's log at most. */
const LOG_LINES = 10;
const LOG_LINE_CHARS = 300;
// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/**
 * Wallet passes (README "Wallet passes"): Apple Wallet passes of a member's card and claimed
 * coupons, kept current through Apple's PassKit web service, and "Save to Google Wallet" links.
 * Each wallet is off (404 with a clear message) until its configuration is complete; the signing
 * files are read once, at start, so a wrong path stops the api instead of failing later. The
 * wallet endpoints' commands and queries (commands/, queries/) run through it.
 */
@Injectable()
export class WalletService {
  private readonly logger = new Logger('Wallet');
  private readonly apple: AppleSigning | null;
  private readonly google: GoogleWalletLinks | null;

  constructor(
    @InjectConfig() config: ApiConfig,
    private readonly em: EntityManager,
    private readonly repository: WalletRepository,
    private readonly cards: MemberCards,
    private readonly shortCodes: ShortCodeService,
    private readonly venues: VenueDirectory,
    private readonly guestList: CardGuestList,
  ) {
    const read = (file: string) => readFileSync(file, 'utf8');
    this.apple =
      config.APPLE_PASS_TYPE_ID &&
      config.APPLE_TEAM_ID &&
      config.APPLE_PASS_CERT_FILE &&
      config.APPLE_PASS_KEY_FILE &&
      config.APPLE_WWDR_CERT_FILE
        ? {
            passTypeId: config.APPLE_PASS_TYPE_ID,
            teamId: config.APPLE_TEAM_ID,
            signer: new PassSigner({
              signerCert: read(config.APPLE_PASS_CERT_FILE),
              signerKey: read(config.APPLE_PASS_KEY_FILE),
              wwdr: read(config.APPLE_WWDR_CERT_FILE),
              ...(config.APPLE_PASS_KEY_PASSPHRASE ? { signerKeyPassphrase: config.APPLE_PASS_KEY_PASSPHRASE } : {}),
            }),
            webServiceUrl: `${config.APP_URL.replace(/\/$/, '')}/api/wallet/apple`,
            organizationName: ORGANIZATION,
          }
        : null;
    this.google =
      config.GOOGLE_WALLET_ISSUER_ID && config.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL && config.GOOGLE_WALLET_KEY_FILE
        ? new GoogleWalletLinks({
            issuerId: config.GOOGLE_WALLET_ISSUER_ID,
            serviceAccountEmail: config.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
            privateKeyPem: read(config.GOOGLE_WALLET_KEY_FILE),
            origin: new URL(config.APP_URL).origin,
            issuerName: ORGANIZATION,
          })
        : null;
  }

  settings(): WalletSettings {
    return { apple: this.apple !== null, google: this.google !== null };
  }

  // ---- Apple: passes the member downloads

  /** A pass of one of the member's claimed coupons, with a new authentication token. */
  async couponPass(memberId: string, userCouponId: string): Promise<Buffer> {
    const apple = this.appleOn();
    const coupon = await this.couponContent(memberId, userCouponId);
    const token = randomBytes(24).toString('base64url');
    const pass = await this.repository.issuePass(this.em, {
      memberId,
      kind: 'coupon',
      subject: `coupon:${userCouponId}`,
      tokenHash: hashToken(token),
    });
    return buildApplePass(apple, { ...coupon, serialNumber: pass.id, authenticationToken: token }, await this.passLocations());
  }

  /** A pass of the member's card, with a new authentication token. */
  async cardPass(memberId: string): Promise<Buffer> {
    const apple = this.appleOn();
    const card = await this.cardContent(memberId);
    const token = randomBytes(24).toString('base64url');
    const pass = await this.repository.issuePass(this.em, {
      memberId,
      kind: 'card',
      subject: `card:${memberId}`,
      tokenHash: hashToken(token),
    });
    return buildApplePass(apple, { ...card, serialNumber: pass.id, authenticationToken: token }, await this.passLocations());
  }

  // ---- Apple: the PassKit web service

  /** The pass a web service request names, proven by its `ApplePass <token>` header; 401 otherwise. */
  async authenticate(
    passTypeId: string,
    serialNumber: string,
    authorization: string | undefined,
  ): Promise<StoredPass & { token: string }> {
    const apple = this.appleOn();
    const token = /^ApplePass\s+(\S+)\s*$/.exec(authorization ?? '')?.[1];
    const pass = passTypeId === apple.passTypeId ? await this.repository.findPass(this.em, serialNumber) : undefined;
    const presented = Buffer.from(hashToken(token ?? ''), 'hex');
    const stored = Buffer.from(pass?.auth_token_hash ?? '0'.repeat(64), 'hex');
    if (!token || !pass || !timingSafeEqual(presented, stored))
      throw new WalletFailure('unauthorized', 'This pass is not authorized');
    return { ...pass, token };
  }

  async register(pass: StoredPass, deviceLibraryId: string, pushToken: string): Promise<boolean> {
    return this.repository.register(this.em, deviceLibraryId, pass.id, pushToken);
  }

  async unregister(pass: StoredPass, deviceLibraryId: string): Promise<void> {
    await this.repository.unregister(this.em, deviceLibraryId, pass.id);
  }

  /** The serial numbers registered on the device changed since the tag, and the new tag; null when none. */
  async changedSince(passTypeId: string, deviceLibraryId: string, tag: string | undefined) {
    const apple = this.appleOn();
    if (passTypeId !== apple.passTypeId) return null;
    const since = tag && /^\d{1,20}$/.test(tag) ? BigInt(tag) : null;
    const rows = await this.repository.changedOnDevice(this.em, deviceLibraryId, since);
    if (rows.length === 0) return null;
    const last = rows.reduce((max, row) => (BigInt(row.changed) > max ? BigInt(row.changed) : max), 0n);
    return { serialNumbers: rows.map((row) => row.id), lastUpdated: last.toString() };
  }

  /** The pass as it is now, with the token the device holds. */
  async latest(pass: StoredPass & { token: string }): Promise<Buffer> {
    const apple = this.appleOn();
    const [kind, id] = pass.subject.split(':') as [string, string];
    const content = kind === 'coupon' ? await this.couponContent(pass.member_id, id) : await this.cardContent(pass.member_id);
    return buildApplePass(
      apple,
      { ...content, serialNumber: pass.id, authenticationToken: pass.token },
      await this.passLocations(),
    );
  }

  /**
   * Anyone may post here (Apple's devices do, without credentials), so what reaches the log is
   * bounded: the first LOG_LINES lines, each cut to LOG_LINE_CHARS, line breaks and other controls
   * replaced so a line cannot pose as another log entry.
   */
  log(lines: string[]): void {
    this.appleOn();
    for (const line of lines.slice(0, LOG_LINES))
      this.logger.warn(`Apple Wallet device log: ${line.slice(0, LOG_LINE_CHARS).replace(CONTROLS, ' ')}`);
    if (lines.length > LOG_LINES) this.logger.warn(`Apple Wallet device log: ${lines.length - LOG_LINES} more lines left out`);
  }

  // ---- Google

  async googleCouponLink(memberId: string, userCouponId: string): Promise<string> {
    const google = this.googleOn();
    const coupon = await this.couponContent(memberId, userCouponId);
    const content: GooglePassContent = {
      kind: 'coupon',
      userCouponId,
      couponId: coupon.couponId,
      title: coupon.title,
      value: coupon.value,
      shortCode: coupon.shortCode,
      expiresAt: coupon.expiresAt,
      redeemed: coupon.voided,
    };
    return google.link(content);
  }

  async googleCardLink(memberId: string): Promise<string> {
    const google = this.googleOn();
    const card = await this.cardContent(memberId);
    return google.link({
      kind: 'card',
      cardId: card.cardId,
      name: card.name,
      tier: card.tier,
      points: card.points,
      qrPayload: card.qrPayload,
      shortCode: card.shortCode,
      guestList: card.guestList,
    });
  }

  // ---- what passes show

  /**
   * The group's open venues with a position (venue 1: its own, else WALLET_VENUE_LOCATION), the
   * first ten in the group's order: the lock screen offers the pass near any of them. A single
   * venue's pass reads "Show this at Nocturne" as before venues; a group's names each venue.
   */
  private async passLocations(): Promise<PassLocation[]> {
    const open = await this.venues.open();
    const group = open.length > 1;
    return open
      .filter((venue) => venue.location !== null)
      .slice(0, WALLET_LOCATIONS_MAX)
      .map((venue) => ({ ...venue.location!, relevantText: `Show this at ${group ? venue.name : ORGANIZATION}` }));
  }

  private async couponContent(memberId: string, userCouponId: string) {
    const row = await this.repository.couponOf(this.em, memberId, userCouponId);
    if (!row) throw new WalletFailure('not_found', PASS_NOT_FOUND);
    const coded = await this.shortCodes.ensure(this.em, row);
    return {
      kind: 'coupon' as const,
      couponId: row.coupon_id,
      title: row.title,
      value: couponValueLabel(row.type, row.value),
      description: row.description,
      shortCode: formatShortCode(coded.short_code),
      expiresAt: row.valid_until === null ? null : new Date(row.valid_until),
      voided: row.redeemed_at !== null,
    } satisfies Omit<Extract<ApplePassContent, { kind: 'coupon' }>, 'serialNumber' | 'authenticationToken'> & {
      couponId: string;
    };
  }

  private async cardContent(memberId: string) {
    const member = await this.repository.memberOf(this.em, memberId);
    if (!member) throw new WalletFailure('not_found', PASS_NOT_FOUND);
    const card = await this.cards.cardOf(this.em, memberId);
    return {
      kind: 'card' as const,
      cardId: card.id,
      name: [member.first_name, member.last_name].filter(Boolean).join(' '),
      tier: member.member_tier,
      points: member.current_points,
      memberSince: new Date(member.created_at),
      qrPayload: this.cards.qrPayload(card.id),
      shortCode: formatShortCode(card.short_code),
      guestList: await this.guestList.lineOf(this.em, memberId),
    } satisfies Omit<Extract<ApplePassContent, { kind: 'card' }>, 'serialNumber' | 'authenticationToken'> & { cardId: string };
  }

  /** The Apple signing, or the 404 in words while Apple Wallet is off. */
  appleOn(): AppleSigning {
    if (!this.apple) throw new WalletFailure('not_found', APPLE_WALLET_OFF);
    return this.apple;
  }

  /** The Google link maker, or the 404 in words while Google Wallet is off. */
  googleOn(): GoogleWalletLinks {
    if (!this.google) throw new WalletFailure('not_found', GOOGLE_WALLET_OFF);
    return this.google;
  }
}
