import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isShortCodeCollision } from './short-code.service.js';

function driverError(code: string, constraint: string): Error {
  return Object.assign(new Error(`violates constraint "${constraint}"`), { code, constraint });
}

// ShortCodeService itself is tested against PostgreSQL's unique index: api/test/short-code-service.spec.ts.
describe('isShortCodeCollision', () => {
  it('is true only for the unique index on short codes refusing a code', () => {
    expect(
      isShortCodeCollision(new UniqueConstraintViolationException(driverError('23505', 'user_coupons_short_code_unique'))),
    ).toBe(true);
  });

  it('does not mistake another constraint, or another kind of violation, for a collision', () => {
    expect(isShortCodeCollision(new UniqueConstraintViolationException(driverError('23505', 'user_coupons_pkey')))).toBe(false);
    expect(
      isShortCodeCollision(new ForeignKeyConstraintViolationException(driverError('23503', 'user_coupons_short_code_unique'))),
    ).toBe(false);
    expect(isShortCodeCollision(new Error('user_coupons_short_code_unique'))).toBe(false);
  });
});
