import type { TestApp } from './test-app.js';

let couponCounter = 0;

/** A unique coupon code per call, so test cases never collide on the unique code. */
export function couponCode(label = 'TEST'): string {
  couponCounter += 1;
  return `${label}-${process.pid}-${couponCounter}`;
}

/** Creates a coupon through the admin API (free, 10% off, bronze unless overridden). */
export async function createCoupon(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}) {
  const body = {
    code: couponCode(),
    title: 'Happy hour',
    description: '10% off any drink',
    type: 'percentage',
    value: 10,
    ...overrides,
  };
  const answer = await t.request('POST', '/api/admin/coupons', { token: adminToken, body });
  if (answer.status !== 201) throw new Error(`create coupon failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string; code: string; title: string; pointsCost: number };
}
