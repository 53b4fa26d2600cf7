import { type EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig, db } from '@nocturne/db';
import type { DomainEvent } from '@nocturne/queues';
import { createTestDatabase, type TestDatabase } from '@nocturne/testing';
import { randomUUID } from 'node:crypto';
import { InsufficientPointsError, Ledger, type LedgerEntry, type Raise } from '../src/index.js';

let database: TestDatabase;
let orm: MikroORM;
const ledger = new Ledger({ silver: 100, gold: 500, platinum: 1500 });

beforeAll(async () => {
  database = await createTestDatabase('ledger');
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 12 }));
});
afterAll(async () => {
  await orm.close();
  await database.drop();
});

/** One transaction, as a command or a job runs the ledger. */
const inTransaction = <T>(work: (tx: EntityManager) => Promise<T>): Promise<T> => orm.em.fork().transactional(work);

/** A raise that keeps what the ledger raised, standing in for the caller's outbox. */
function recorder() {
  const raised: DomainEvent[] = [];
  const raise: Raise = async (event) => {
    raised.push(event);
  };
  return { raised, raise };
}

async function newMember(): Promise<string> {
  const row = await db(orm.em.fork())
    .insertInto('members')
    .values({ email: `${randomUUID()}@example.com`, first_name: 'Sam', password_hash: 'never-signs-in' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function balanceOf(memberId: string) {
  return db(orm.em.fork())
    .selectFrom('members')
    .select(['current_points', 'total_points', 'member_tier'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

async function rowsOf(memberId: string) {
  return db(orm.em.fork())
    .selectFrom('point_transactions')
    .select(['id', 'points', 'kind', 'description', 'source_id', 'reverses_id'])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('points', 'desc')
    .execute();
}

/** Invariant 2: the cached balance is the sum of the rows, total earned the positive rows not reversed. */
async function expectBalanceMatchesRows(memberId: string): Promise<void> {
  const rows = await rowsOf(memberId);
  const reversed = new Set(rows.map((row) => row.reverses_id).filter(Boolean));
  const balance = await balanceOf(memberId);
  expect(balance.current_points).toBe(rows.reduce((sum, row) => sum + row.points, 0));
  expect(balance.total_points).toBe(
    rows.filter((row) => row.points > 0 && !reversed.has(row.id)).reduce((sum, row) => sum + row.points, 0),
  );
}

const reward = (memberId: string, points: number, sourceId = randomUUID()): LedgerEntry => ({
  memberId,
  points,
  kind: 'comment_reward',
  description: 'Commented on: Jazz',
  sourceType: 'news_comment',
  sourceId,
});

const claim = (memberId: string, points: number): LedgerEntry => ({
  memberId,
  points: -points,
  kind: 'coupon_claim',
  description: 'Claimed: Drink',
  sourceType: 'user_coupon',
  sourceId: randomUUID(),
});

describe('Ledger: credits', () => {
  it('pays each source once: the same source again changes nothing and answers null', async () => {
    const memberId = await newMember();
    const { raise } = recorder();
    const entry = reward(memberId, 10);
    expect(await inTransaction((tx) => ledger.credit(tx, entry, raise))).toEqual({
      currentPoints: 10,
      totalPoints: 10,
      memberTier: 'bronze',
    });
    expect(await inTransaction((tx) => ledger.credit(tx, entry, raise))).toBeNull();
    expect(await rowsOf(memberId)).toHaveLength(1);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 10, total_points: 10 });
  });

  it('moves the member up a tier when total earned reaches its threshold, raising MemberTierChanged once', async () => {
    const memberId = await newMember();
    const { raise, raised } = recorder();
    await inTransaction((tx) => ledger.credit(tx, reward(memberId, 95), raise));
    expect(raised).toEqual([]);
    expect(await inTransaction((tx) => ledger.credit(tx, reward(memberId, 5), raise))).toEqual({
      currentPoints: 100,
      totalPoints: 100,
      memberTier: 'silver',
    });
    await inTransaction((tx) => ledger.credit(tx, reward(memberId, 5), raise));
    expect(raised).toEqual([
      { type: 'MemberTierChanged', aggregateId: memberId, payload: { memberId, from: 'bronze', to: 'silver' } },
    ]);
    expect((await balanceOf(memberId)).member_tier).toBe('silver');
  });
});

describe('Ledger: debits', () => {
  it('refuses to go below zero (InsufficientPointsError) and writes nothing; spending keeps the tier', async () => {
    const memberId = await newMember();
    await inTransaction((tx) => ledger.credit(tx, reward(memberId, 120), recorder().raise));
    await expect(inTransaction((tx) => ledger.debit(tx, claim(memberId, 121)))).rejects.toThrow(InsufficientPointsError);
    expect(await inTransaction((tx) => ledger.debit(tx, claim(memberId, 120)))).toEqual({
      currentPoints: 0,
      totalPoints: 120,
      memberTier: 'silver',
    });
    expect((await rowsOf(memberId)).map((row) => row.points)).toEqual([120, -120]);
    await expectBalanceMatchesRows(memberId);
  });

  it('never goes below zero under concurrent debits: the database serializes them', async () => {
    const memberId = await newMember();
    await inTransaction((tx) => ledger.credit(tx, reward(memberId, 50), recorder().raise));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => inTransaction((tx) => ledger.debit(tx, claim(memberId, 10)))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 0, total_points: 50 });
    await expectBalanceMatchesRows(memberId);
  });
});

describe('Ledger: staff adjustments', () => {
  it('counts added points as earned and takes points only from the balance, naming the admin', async () => {
    const memberId = await newMember();
    const adminId = await newMember();
    const { raise } = recorder();
    await inTransaction((tx) =>
      ledger.adjust(tx, { memberId, points: 110, reason: 'Birthday', adminId, countsTowardTier: true }, raise),
    );
    await inTransaction((tx) =>
      ledger.adjust(tx, { memberId, points: -30, reason: 'Double claim', adminId, countsTowardTier: false }, raise),
    );
    await expect(
      inTransaction((tx) =>
        ledger.adjust(tx, { memberId, points: -81, reason: 'Too much', adminId, countsTowardTier: false }, raise),
      ),
    ).rejects.toThrow(InsufficientPointsError);
    expect(await balanceOf(memberId)).toEqual({ current_points: 80, total_points: 110, member_tier: 'silver' });
    const recordedBy = await db(orm.em.fork())
      .selectFrom('point_transactions')
      .select(['description', 'recorded_by_id'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute();
    expect(recordedBy).toEqual([
      { description: 'Staff adjustment: Birthday (counts toward tier)', recorded_by_id: adminId },
      { description: 'Staff adjustment: Double claim', recorded_by_id: adminId },
    ]);
    await expectBalanceMatchesRows(memberId);
  });
});

describe('Ledger: reversing a comment reward', () => {
  /** A member paid a 10-point comment reward on top of `earned` points, who then spent `spent` of their balance. */
  async function rewardedMember(earned: number, spent = 0) {
    const memberId = await newMember();
    const { raise, raised } = recorder();
    if (earned > 0) await inTransaction((tx) => ledger.credit(tx, reward(memberId, earned), raise));
    const source = { memberId, kind: 'comment_reward' as const, sourceId: randomUUID() };
    await inTransaction((tx) => ledger.credit(tx, reward(memberId, 10, source.sourceId), raise));
    if (spent > 0) await inTransaction((tx) => ledger.debit(tx, claim(memberId, spent)));
    const reverse = () => inTransaction((tx) => ledger.reverseSource(tx, source, 'Comment removed by staff: Jazz', raise));
    return { memberId, raised, reverse };
  }

  const reversals = async (memberId: string) => (await rowsOf(memberId)).filter((row) => row.kind === 'reversal');

  it('takes the points back from the balance and out of total earned, once', async () => {
    const { memberId, reverse } = await rewardedMember(20);
    expect(await reverse()).toBe(10);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 20, total_points: 20 });
    expect(await reversals(memberId)).toEqual([
      expect.objectContaining({ points: -10, description: 'Comment removed by staff: Jazz', reverses_id: expect.any(String) }),
    ]);
    expect(await reverse()).toBe(0);
    expect(await reversals(memberId)).toHaveLength(1);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 20, total_points: 20 });
    await expectBalanceMatchesRows(memberId);
  });

  it('lowers the tier when total earned falls below its threshold, raising MemberTierChanged', async () => {
    const { memberId, raised, reverse } = await rewardedMember(95, 95);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 10, total_points: 105, member_tier: 'silver' });
    await reverse();
    expect(await balanceOf(memberId)).toEqual({ current_points: 0, total_points: 95, member_tier: 'bronze' });
    expect(raised.map((event) => event.payload)).toContainEqual({ memberId, from: 'silver', to: 'bronze' });
    await expectBalanceMatchesRows(memberId);
  });

  it('never takes the balance below zero: spent points are taken as far as the balance goes, and the row says so', async () => {
    const { memberId, reverse } = await rewardedMember(0, 7);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 3, total_points: 10 });
    expect(await reverse()).toBe(3);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 0, total_points: 0 });
    expect(await reversals(memberId)).toEqual([
      expect.objectContaining({ points: -3, description: 'Comment removed by staff: Jazz (7 points already spent)' }),
    ]);
    await expectBalanceMatchesRows(memberId);
  });

  it('still writes the row when everything was spent, so total earned (and the tier) follow and the history says why', async () => {
    const { memberId, reverse } = await rewardedMember(0, 10);
    expect(await reverse()).toBe(0);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 0, total_points: 0 });
    expect(await reversals(memberId)).toEqual([
      expect.objectContaining({ points: 0, description: 'Comment removed by staff: Jazz (10 points already spent)' }),
    ]);
    expect(await reverse()).toBe(0);
    expect(await reversals(memberId)).toHaveLength(1);
    await expectBalanceMatchesRows(memberId);
  });

  it('reverses nothing for a source that paid nothing', async () => {
    const memberId = await newMember();
    const source = { memberId, kind: 'comment_reward' as const, sourceId: randomUUID() };
    expect(
      await inTransaction((tx) => ledger.reverseSource(tx, source, 'Comment removed by staff: Jazz', recorder().raise)),
    ).toBe(0);
    expect(await rowsOf(memberId)).toEqual([]);
  });
});

describe('Ledger: points expiry', () => {
  it('writes one "Points expired" row per night, lowering the balance and never total earned or the tier', async () => {
    const memberId = await newMember();
    await inTransaction((tx) => ledger.credit(tx, reward(memberId, 130), recorder().raise));
    const expiry = { memberId, night: '2027-06-24', points: 30 };
    expect(await inTransaction((tx) => ledger.expire(tx, expiry))).toEqual({
      currentPoints: 100,
      totalPoints: 130,
      memberTier: 'silver',
    });
    // The same night again (a second run): nothing changes.
    expect(await inTransaction((tx) => ledger.expire(tx, expiry))).toBeNull();
    expect((await rowsOf(memberId)).filter((row) => row.kind === 'expiry')).toEqual([
      expect.objectContaining({ points: -30, description: 'Points expired', source_id: '2027-06-24' }),
    ]);
    expect(await balanceOf(memberId)).toEqual({ current_points: 100, total_points: 130, member_tier: 'silver' });
    await expectBalanceMatchesRows(memberId);
  });

  it('refuses an expiry past the balance and leaves nothing of it behind', async () => {
    const memberId = await newMember();
    await inTransaction((tx) => ledger.credit(tx, reward(memberId, 20), recorder().raise));
    await expect(inTransaction((tx) => ledger.expire(tx, { memberId, night: '2027-07-01', points: 21 }))).rejects.toThrow(
      /below zero/,
    );
    expect((await rowsOf(memberId)).map((row) => row.kind)).toEqual(['comment_reward']);
    expect(await balanceOf(memberId)).toMatchObject({ current_points: 20, total_points: 20 });
  });
});
