import { beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, webcrypto } from 'node:crypto';
import type { DoorData, DoorDataMember } from '@nocturne/contracts';
import { doorStatusLine } from '@nocturne/domain';
import { DoorIndex, doorHash } from './door-index';

// Offline door mode decides on the device with tonight's data: the same words as the api's verdicts.

beforeAll(() => {
  // jsdom has no Web Crypto digest: the browser's is the same algorithm as Node's.
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

const SALT = 'night-salt-of-sams-door';
const ZONE = 'Australia/Sydney';
/** As the api hashes (door-data.service.ts). */
const hash = (value: string) => createHash('sha256').update(`${SALT}:${value}`).digest('base64url').slice(0, 11);

const NOW = new Date('2026-11-28T12:40:00Z'); // 23:40 in Sydney
const COUPON_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const CARD_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const CODE = 'K7QM3XPD2A9';
const couponQr = (token: string) => JSON.stringify({ userCouponId: COUPON_ID, token });
const cardQr = JSON.stringify({ memberCardId: CARD_ID, token: 'card-token' });

function jordan(
  overrides: { active?: boolean; visited?: boolean; redeemed?: [number, string] | null; coupon?: string } = {},
): DoorDataMember {
  const redeemed = overrides.redeemed ?? null;
  return [
    'm1',
    'Jordan',
    'silver',
    overrides.active ?? true,
    overrides.visited ?? false,
    hash('CARDCODE123'),
    hash('card-token'),
    [[hash(CODE), hash('coupon-token'), overrides.coupon ?? 'c1', redeemed?.[0] ?? null, redeemed?.[1] ?? null]],
  ];
}

function data(members: DoorDataMember[], extra: Partial<DoorData> = {}): DoorData {
  return {
    night: '2026-11-28',
    version: '2026-11-28.1',
    full: true,
    takenAt: new Date(NOW.getTime() - 2 * 60_000).toISOString(),
    salt: SALT,
    timeZone: ZONE,
    staleAfterMinutes: 30,
    coupons: [
      ['c1', 'Free drink', 'free_drink', null, null, 'active'],
      ['c2', 'Half-price cocktail', 'percentage', 50, null, 'paused'],
      ['c3', 'Old promo', 'fixed_amount', 20, null, 'withdrawn'],
      ['c4', 'Last week', 'fixed_amount', 10, Math.floor(new Date('2026-11-22T19:00:00Z').getTime() / 1000), 'active'],
    ],
    members,
    ...extra,
  };
}

function indexOf(...answers: DoorData[]) {
  const index = new DoorIndex();
  for (const answer of answers) index.apply(answer);
  return index;
}

describe('the device hashes codes as the api does', () => {
  it('SHA-256 of salt:value, base64url, first 11 characters', async () => {
    expect(await doorHash(SALT, CODE)).toBe(hash(CODE));
  });
});

describe('offline verdicts from tonight’s data', () => {
  it("a coupon's QR: green with the coupon and the member, as online", async () => {
    const { verdict, couponHash, stale } = await indexOf(data([jordan()])).decide(couponQr('coupon-token'), NOW);
    expect(verdict).toEqual({
      kind: 'coupon',
      ok: true,
      message: 'Valid',
      refusal: null,
      coupon: { userCouponId: hash(CODE), title: 'Free drink', type: 'free_drink', value: null, valueLabel: 'Free drink' },
      member: { firstName: 'Jordan', tier: 'silver', status: 'active' },
    });
    expect(couponHash).toBe(hash(CODE));
    expect(stale).toBeNull();
  });

  it('a typed short code in any case, with hyphens or spaces', async () => {
    const { verdict } = await indexOf(data([jordan()])).decide(' k7qm-3xpd 2a9 ', NOW);
    expect(verdict).toMatchObject({ kind: 'coupon', ok: true, message: 'Valid' });
  });

  it('a QR with the right id but a wrong token is not ours', async () => {
    const { verdict } = await indexOf(data([jordan()])).decide(couponQr('forged'), NOW);
    expect(verdict).toMatchObject({ kind: 'unknown', ok: false, message: "Not in tonight's door data" });
  });

  it('redeemed at another door tonight: "Already used at 23:41 (Sam)"', async () => {
    const at = Math.floor(new Date('2026-11-28T12:41:00Z').getTime() / 1000);
    const { verdict } = await indexOf(data([jordan({ redeemed: [at, 'Sam'] })])).decide(CODE, NOW);
    expect(verdict).toMatchObject({ ok: false, refusal: 'already_used', message: 'Already used at 23:41 (Sam)' });
  });

  it.each([
    ['c2', 'paused', 'Paused'],
    ['c3', 'withdrawn', 'No longer offered'],
    ['c4', 'expired', 'Expired on 22 Nov'],
  ])('coupon %s: %s, in the api’s words', async (coupon, refusal, message) => {
    const { verdict } = await indexOf(data([jordan({ coupon })])).decide(CODE, NOW);
    expect(verdict).toMatchObject({ ok: false, refusal, message });
  });

  it('a member disabled since (an incremental answer replaces their entry): refused', async () => {
    const index = indexOf(data([jordan()]), data([jordan({ active: false })], { full: false, version: '2026-11-28.2' }));
    expect((await index.decide(cardQr, NOW)).verdict).toMatchObject({
      kind: 'card',
      ok: false,
      message: 'Member account disabled',
    });
    expect((await index.decide(CODE, NOW)).verdict).toMatchObject({ ok: false, message: 'Member account disabled' });
  });

  it("a card: welcome and the visit to queue, with the member's coupons usable tonight; then already here", async () => {
    const index = indexOf(data([jordan()]));
    const first = await index.decide(cardQr, NOW);
    expect(first.verdict).toMatchObject({
      kind: 'card',
      ok: true,
      message: 'Welcome, Jordan: visit recorded',
      visit: { night: '2026-11-28', recorded: true, points: 0 },
      coupons: [{ title: 'Free drink', userCouponId: hash(CODE) }],
    });
    expect(first.memberKey).toBe('m1');
    index.markVisited('m1');
    const again = await index.decide(cardQr, NOW);
    expect(again.verdict).toMatchObject({ ok: true, message: 'Already here tonight' });
    expect(again.memberKey).toBeNull();
  });

  it('a coupon redeemed here offline is used at once for the next scan', async () => {
    const index = indexOf(data([jordan()]));
    index.markRedeemed(hash(CODE), new Date('2026-11-28T12:39:00Z'), 'Alex');
    expect((await index.decide(couponQr('coupon-token'), NOW)).verdict).toMatchObject({
      ok: false,
      message: 'Already used at 23:39 (Alex)',
    });
  });

  it('anything else: "Not a Nocturne code"', async () => {
    expect((await indexOf(data([jordan()])).decide('https://example.com', NOW)).verdict.message).toBe('Not a Nocturne code');
  });

  it('data older than the manager’s limit says so on every verdict', async () => {
    const old = data([jordan()], { takenAt: new Date(NOW.getTime() - 42 * 60_000).toISOString() });
    expect((await indexOf(old).decide(CODE, NOW)).stale).toBe('Door data from 22:58 (42 min old)');
    const strict = data([jordan()], { staleAfterMinutes: 1 });
    expect((await indexOf(strict).decide('nonsense', NOW)).stale).toBe('Door data from 23:38 (2 min old)');
    // A manager who lets it get an hour old: 42 minutes is not old yet.
    const lenient = data([jordan()], { takenAt: old.takenAt, staleAfterMinutes: 60 });
    expect((await indexOf(lenient).decide(CODE, NOW)).stale).toBeNull();
  });

  it("a coupon of another venue only: refused with the words the online check uses, and not among a card's coupons", async () => {
    const elsewhere = data([jordan({ coupon: 'c5' })], {
      coupons: [['c5', 'Lantern cocktail', 'free_drink', null, null, 'active', 'Only at Lantern Bar']],
    });
    const index = indexOf(elsewhere);
    expect((await index.decide(couponQr('coupon-token'), NOW)).verdict).toMatchObject({
      kind: 'coupon',
      ok: false,
      refusal: 'other_venue',
      message: 'Only at Lantern Bar',
    });
    expect((await index.decide(cardQr, NOW)).verdict).toMatchObject({ kind: 'card', ok: true, coupons: [] });
  });

  it('keeps the merged answers as one full answer for the device store', () => {
    const index = indexOf(data([jordan()]), data([{ ...jordan(), 0: 'm2', 1: 'Robin' } as DoorDataMember], { full: false }));
    expect(
      index
        .snapshot()
        ?.members.map((m) => m[1])
        .sort(),
    ).toEqual(['Jordan', 'Robin']);
  });
});

describe('the status line', () => {
  const at = (hhmm: string) => new Date(`2026-11-28T${hhmm}:00+11:00`);
  it('says where the door stands', () => {
    expect(doorStatusLine({ online: true, waiting: 0, dataAt: at('23:38'), syncedAt: null }, at('23:40'), ZONE)).toBe('Online');
    expect(doorStatusLine({ online: false, waiting: 12, dataAt: at('23:38'), syncedAt: null }, at('23:50'), ZONE)).toBe(
      'Offline: 12 scans waiting, data from 23:38',
    );
    expect(doorStatusLine({ online: false, waiting: 1, dataAt: at('23:38'), syncedAt: null }, at('23:50'), ZONE)).toBe(
      'Offline: 1 scan waiting, data from 23:38',
    );
    expect(doorStatusLine({ online: true, waiting: 0, dataAt: at('23:51'), syncedAt: at('23:52') }, at('23:52'), ZONE)).toBe(
      'Synced 23:52',
    );
    expect(doorStatusLine({ online: true, waiting: 0, dataAt: at('23:51'), syncedAt: at('23:52') }, at('23:55'), ZONE)).toBe(
      'Online',
    );
  });
});
