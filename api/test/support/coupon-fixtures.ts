import { EntityManager } from '@mikro-orm/postgresql';
import { type TestApp, waitFor } from '@nocturne/testing';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { auditLedger, tierThresholdsFrom } from '#modules/ledger/ledger-audit.js';
import { LedgerService } from '#modules/ledger/ledger.service.js';

export { couponCode, createCoupon } from '@nocturne/testing';

/**
 * The backend of a claim that has checked, written its user coupon, paid and written its outbox row,
 * and now waits on the coupon's row: its last statement, the take (another transaction holds that row).
 */
export async function claimWaitingAtTake(t: TestApp): Promise<number> {
  return waitFor(
    async () =>
      (
        await t.sql.query(
          `select pid from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like 'update "coupons"%'`,
        )
      ).rows[0]?.pid as number | undefined,
    { what: "a claim waiting on the coupon's row" },
  );
}

/** Gives a member points the way the product does: a ledger row and its cached balance together. */
export async function fund(t: TestApp, memberId: string, points: number): Promise<void> {
  await t.app.get(UnitOfWork).run(async (tx, raise) => {
    await t.app
      .get(LedgerService)
      .credit(
        tx,
        { memberId, points, kind: 'adjustment', description: 'Test top-up', sourceType: 'test', sourceId: randomUUID() },
        raise,
      );
  });
}

/**
 * Many signed-in members at once, without 200 password hashes: rows and sessions written directly
 * (a session is a random token whose SHA-256 is stored), then funded through the ledger.
 */
export async function quickMembers(t: TestApp, count: number, points: number): Promise<{ id: string; token: string }[]> {
  const members: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `crowd.${randomUUID()}@example.com`;
    const row = await t.sql.query<{ id: string }>(
      "insert into members (email, first_name, last_name, password_hash) values ($1, 'Crowd', $2, 'not-a-hash') returning id",
      [email, `No. ${i}`],
    );
    const token = randomBytes(32).toString('base64url');
    await t.sql.query("insert into sessions (member_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')", [
      row.rows[0]!.id,
      createHash('sha256').update(token).digest('hex'),
    ]);
    members.push({ id: row.rows[0]!.id, token });
  }
  for (const member of members) if (points > 0) await fund(t, member.id, points);
  return members;
}

/** `ledger:verify` in-process: every cached balance and tier matches the point transactions. */
export async function expectLedgerClean(t: TestApp): Promise<void> {
  const audit = await auditLedger(t.app.get(EntityManager).fork(), tierThresholdsFrom(t.config));
  expect(audit.membersChecked).toBeGreaterThan(0);
  expect(audit.differences).toEqual([]);
  const negative = await t.sql.query('select id from members where current_points < 0');
  expect(negative.rows).toEqual([]);
}
