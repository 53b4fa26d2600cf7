import { jest } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import { randomUUID } from 'node:crypto';
import type { ApiConfig } from '../src/config/api-config.js';
import { UserCouponsRepository } from '../src/modules/coupons/user-coupons.repository.js';
import { QrTokenService } from '../src/modules/coupons/qr-token.service.js';
import { SHORT_CODE_ATTEMPTS, ShortCodeService } from '../src/modules/coupons/short-code.service.js';
import { openTestOrm, type TestOrm } from './support/test-orm.js';

/*
 * ShortCodeService against PostgreSQL's unique index on user_coupons.short_code: collisions are
 * the index's refusals, and "a parallel request stored it first" is a row that already holds a code.
 */

const qrFor = (secret: string) =>
  new QrTokenService({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://x/y', QR_SECRET: secret.repeat(32) } as ApiConfig);
const qr = qrFor('c');

let t: TestOrm;
let couponId: string;
let memberId: string;

beforeAll(async () => {
  t = await openTestOrm('shortcodes');
  const kysely = db(t.orm.em.fork());
  memberId = (
    await kysely
      .insertInto('members')
      .values({ email: `codes.${randomUUID()}@example.com`, first_name: 'Codes', password_hash: 'not-a-hash' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  couponId = (
    await kysely
      .insertInto('coupons')
      .values({ code: 'CODES', title: 'Codes', description: 'Short codes', type: 'free_drink' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

/** A user coupon holding `shortCode`; answers its id. */
async function userCoupon(em: EntityManager, shortCode: string | null = null): Promise<string> {
  const row = await db(em)
    .insertInto('user_coupons')
    .values({ member_id: memberId, coupon_id: couponId, short_code: shortCode })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function storedCode(em: EntityManager, id: string): Promise<string | null> {
  return (await db(em).selectFrom('user_coupons').select('short_code').where('id', '=', id).executeTakeFirstOrThrow()).short_code;
}

function setup() {
  const em = t.orm.em.fork();
  const coupons = new UserCouponsRepository();
  return { em, coupons, service: new ShortCodeService(qr, coupons) };
}

describe('ShortCodeService.assign', () => {
  it('stores the first candidate when no other user coupon holds it', async () => {
    const { em, service } = setup();
    const id = await userCoupon(em);
    expect(await service.assign(em, id, null)).toBe(qr.shortCodeFor(id, 0));
    expect(await storedCode(em, id)).toBe(qr.shortCodeFor(id, 0));
  });

  it("derives again from id:1, id:2 ... while the unique index refuses, keeping the caller's transaction", async () => {
    const { em, service } = setup();
    const id = randomUUID();
    await userCoupon(em, qr.shortCodeFor(id, 0));
    await userCoupon(em, qr.shortCodeFor(id, 1));
    const stored = await em.transactional(async (tx) => {
      await db(tx).insertInto('user_coupons').values({ id, member_id: memberId, coupon_id: couponId }).execute();
      // Each refusal rolls back to a savepoint, not the claim around it: the row inserted above stays.
      return service.assign(tx, id, null);
    });
    expect(stored).toBe(qr.shortCodeFor(id, 2));
    expect(await storedCode(em, id)).toBe(qr.shortCodeFor(id, 2));
  });

  it('gives up with an error once every candidate is taken, leaving the row without a code', async () => {
    const { em, service } = setup();
    const id = randomUUID();
    for (let attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) await userCoupon(em, qr.shortCodeFor(id, attempt));
    await db(em).insertInto('user_coupons').values({ id, member_id: memberId, coupon_id: couponId }).execute();
    await expect(service.assign(em, id, null)).rejects.toThrow(`after ${SHORT_CODE_ATTEMPTS} attempts`);
    expect(await storedCode(em, id)).toBeNull();
  });

  it('keeps the code a parallel request stored first', async () => {
    const { em, service } = setup();
    const id = randomUUID();
    await db(em)
      .insertInto('user_coupons')
      .values({ id, member_id: memberId, coupon_id: couponId, short_code: qr.shortCodeFor(id, 1) })
      .execute();
    // This request read the row before the other stored its code: it replaces "no code", finds one.
    expect(await service.assign(em, id, null)).toBe(qr.shortCodeFor(id, 1));
    expect(await storedCode(em, id)).toBe(qr.shortCodeFor(id, 1));
  });

  it('fails for a user coupon that does not exist', async () => {
    const { em, service } = setup();
    await expect(service.assign(em, randomUUID(), null)).rejects.toThrow('does not exist');
  });
});

describe('ShortCodeService.ensure', () => {
  it('leaves a current code alone without a statement', async () => {
    const { em, coupons, service } = setup();
    const id = randomUUID();
    const row = { id, short_code: qr.shortCodeFor(id, 3) };
    const store = jest.spyOn(coupons, 'storeShortCode');
    const read = jest.spyOn(coupons, 'readShortCode');
    expect(await service.ensure(em, row)).toEqual(row);
    expect(store).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });

  it('stores a code for a row without one, and replaces one left from a rotated-out secret', async () => {
    const { em, service } = setup();
    const fresh = await userCoupon(em);
    expect((await service.ensure(em, { id: fresh, short_code: null as string | null })).short_code).toBe(
      qr.shortCodeFor(fresh, 0),
    );
    expect(await storedCode(em, fresh)).toBe(qr.shortCodeFor(fresh, 0));

    const stale = randomUUID();
    const oldCode = qrFor('d').shortCodeFor(stale, 0);
    await db(em)
      .insertInto('user_coupons')
      .values({ id: stale, member_id: memberId, coupon_id: couponId, short_code: oldCode })
      .execute();
    expect((await service.ensure(em, { id: stale, short_code: oldCode })).short_code).toBe(qr.shortCodeFor(stale, 0));
    expect(await storedCode(em, stale)).toBe(qr.shortCodeFor(stale, 0));
  });
});
