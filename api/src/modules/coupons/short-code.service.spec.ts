import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiConfig } from '../../config/api-config.js';
import { FakeCouponsRepository } from './coupons.repository.fake.js';
import { FakeUnitOfWork } from './unit-of-work.fake.js';
import { QrTokenService } from './qr-token.service.js';
import { SHORT_CODE_ATTEMPTS, ShortCodeService } from './short-code.service.js';

const ID = '6f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f';
const qr = new QrTokenService({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://x/y', QR_SECRET: 'c'.repeat(32) } as ApiConfig);

function driverError(code: string, constraint: string): Error {
  return Object.assign(new Error(`violates constraint "${constraint}"`), { code, constraint });
}
const collision = () => new UniqueConstraintViolationException(driverError('23505', 'user_coupons_short_code_unique'));

/**
 * A stand-in for user_coupons under PostgreSQL's unique index: `taken` codes belong to other rows,
 * so storing one raises the unique violation the repository raises; `row` is this user coupon's.
 */
function fakeTable(row: { short_code: string | null }, taken: Set<string>, failWith?: () => Error) {
  const statements: string[] = [];
  class UserCoupons extends FakeCouponsRepository {
    override async storeShortCode(_em: EntityManager, _id: string, candidate: string, previous: string | null): Promise<boolean> {
      statements.push('update');
      if (failWith) throw failWith();
      if (taken.has(candidate)) throw collision();
      if (row.short_code !== previous) return false;
      row.short_code = candidate;
      return true;
    }

    override async readShortCode(): Promise<string | null> {
      statements.push('select');
      return row.short_code;
    }
  }
  return { em: new FakeUnitOfWork().tx, statements, service: new ShortCodeService(qr, new UserCoupons()) };
}

describe('ShortCodeService.assign', () => {
  it('stores the first candidate when it is free', async () => {
    const row = { short_code: null };
    const { em, service } = fakeTable(row, new Set());
    expect(await service.assign(em, ID, null)).toBe(qr.shortCodeFor(ID, 0));
    expect(row.short_code).toBe(qr.shortCodeFor(ID, 0));
  });

  it('derives again from id:1, id:2 ... while the unique index refuses, the same sequence every time', async () => {
    const taken = new Set([qr.shortCodeFor(ID, 0), qr.shortCodeFor(ID, 1)]);
    for (let run = 0; run < 2; run++) {
      const row = { short_code: null };
      const table = fakeTable(row, taken);
      expect(await table.service.assign(table.em, ID, null)).toBe(qr.shortCodeFor(ID, 2));
      expect(row.short_code).toBe(qr.shortCodeFor(ID, 2));
    }
  });

  it('gives up with an error once every attempt collides', async () => {
    const taken = new Set(Array.from({ length: SHORT_CODE_ATTEMPTS }, (_, attempt) => qr.shortCodeFor(ID, attempt)));
    const table = fakeTable({ short_code: null }, taken);
    await expect(table.service.assign(table.em, ID, null)).rejects.toThrow(`after ${SHORT_CODE_ATTEMPTS} attempts`);
  });

  it('does not mistake another constraint for a collision', async () => {
    const other = () => new UniqueConstraintViolationException(driverError('23505', 'user_coupons_pkey'));
    const refused = fakeTable({ short_code: null }, new Set(), other);
    await expect(refused.service.assign(refused.em, ID, null)).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    const foreign = () => new ForeignKeyConstraintViolationException(driverError('23503', 'user_coupons_short_code_unique'));
    const broken = fakeTable({ short_code: null }, new Set(), foreign);
    await expect(broken.service.assign(broken.em, ID, null)).rejects.toBeInstanceOf(ForeignKeyConstraintViolationException);
  });

  it('keeps the code a parallel request stored first', async () => {
    const row = { short_code: qr.shortCodeFor(ID, 1) as string | null };
    const { em, service } = fakeTable(row, new Set());
    expect(await service.assign(em, ID, null)).toBe(qr.shortCodeFor(ID, 1));
    expect(row.short_code).toBe(qr.shortCodeFor(ID, 1));
  });
});

describe('ShortCodeService.ensure', () => {
  it('leaves a current code alone without asking the database', async () => {
    const row = { id: ID, short_code: qr.shortCodeFor(ID, 3) };
    const { em, statements, service } = fakeTable(row, new Set());
    expect(await service.ensure(em, row)).toEqual(row);
    expect(statements).toEqual([]);
  });

  it('stores a code for a row without one, and replaces one left from a rotated-out secret', async () => {
    const fresh = { id: ID, short_code: null as string | null };
    const freshTable = fakeTable(fresh, new Set());
    expect((await freshTable.service.ensure(freshTable.em, fresh)).short_code).toBe(qr.shortCodeFor(ID, 0));

    const oldSecret = new QrTokenService({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgresql://x/y',
      QR_SECRET: 'd'.repeat(32),
    } as ApiConfig);
    const stale = { id: ID, short_code: oldSecret.shortCodeFor(ID, 0) as string | null };
    const staleTable = fakeTable(stale, new Set());
    const ensured = await staleTable.service.ensure(staleTable.em, { ...stale });
    expect(ensured.short_code).toBe(qr.shortCodeFor(ID, 0));
    expect(stale.short_code).toBe(qr.shortCodeFor(ID, 0));
  });
});
