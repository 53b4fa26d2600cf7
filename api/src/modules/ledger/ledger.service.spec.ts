import type { EntityManager } from '@mikro-orm/postgresql';
import { type DomainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import type { ApiConfig } from '../../config/api-config.js';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { FakeLedgerRepository } from './ledger.repository.fake.js';
import { LedgerService } from './ledger.service.js';

const config = { TIER_SILVER: 100, TIER_GOLD: 500, TIER_PLATINUM: 1500 } as ApiConfig;
const tx = {} as EntityManager;

/** A member paid a 10-point comment reward, who then spent `spent` of their balance. */
async function rewardedMember(balance: { current_points: number; total_points: number }, spent = 0) {
  const ledger = new FakeLedgerRepository();
  const service = new LedgerService(config, ledger);
  const raised: DomainEvent[] = [];
  const raise: Raise = async (event) => {
    raised.push(event);
  };
  const memberId = ledger.addMember({ ...balance, member_tier: balance.total_points >= 100 ? 'silver' : 'bronze' });
  const commentId = randomUUID();
  const reward = { memberId, kind: 'comment_reward' as const, sourceId: commentId };
  await service.credit(tx, { ...reward, points: 10, description: 'Commented on: Jazz', sourceType: 'news_comment' }, raise);
  if (spent > 0) {
    await service.debit(tx, {
      memberId,
      points: -spent,
      kind: 'coupon_claim',
      description: 'Claimed: Drink',
      sourceType: 'user_coupon',
      sourceId: randomUUID(),
    });
  }
  const reverse = () => service.reverseSource(tx, reward, 'Comment removed by staff: Jazz', raise);
  return { ledger, memberId, raised, reverse };
}

const reversals = (ledger: FakeLedgerRepository) => ledger.rows.filter((row) => row.kind === 'reversal');

describe('LedgerService: reversing a comment reward', () => {
  it('takes the points back from the balance and out of total earned, once', async () => {
    const { ledger, memberId, reverse } = await rewardedMember({ current_points: 20, total_points: 20 });
    expect(await reverse()).toBe(10);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 20, total_points: 20 });
    expect(reversals(ledger)).toEqual([
      expect.objectContaining({ points: -10, description: 'Comment removed by staff: Jazz', reversesId: expect.any(String) }),
    ]);
    expect(await reverse()).toBe(0);
    expect(reversals(ledger)).toHaveLength(1);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 20, total_points: 20 });
  });

  it('lowers the tier when total earned falls below its threshold, raising MemberTierChanged', async () => {
    const { ledger, memberId, raised, reverse } = await rewardedMember({ current_points: 0, total_points: 95 });
    expect(ledger.members.get(memberId)).toMatchObject({ total_points: 105, member_tier: 'silver' });
    await reverse();
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 0, total_points: 95, member_tier: 'bronze' });
    expect(raised.map((event) => event.payload)).toContainEqual({ memberId, from: 'silver', to: 'bronze' });
  });

  it('never takes the balance below zero: spent points are taken as far as the balance goes, and the row says so', async () => {
    const { ledger, memberId, reverse } = await rewardedMember({ current_points: 0, total_points: 0 }, 7);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 3, total_points: 10 });
    expect(await reverse()).toBe(3);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 0, total_points: 0 });
    expect(reversals(ledger)).toEqual([
      expect.objectContaining({ points: -3, description: 'Comment removed by staff: Jazz (7 points already spent)' }),
    ]);
  });

  it('still writes the row when everything was spent, so total earned (and the tier) follow and the history says why', async () => {
    const { ledger, memberId, reverse } = await rewardedMember({ current_points: 0, total_points: 0 }, 10);
    expect(await reverse()).toBe(0);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 0, total_points: 0 });
    expect(reversals(ledger)).toEqual([
      expect.objectContaining({ points: 0, description: 'Comment removed by staff: Jazz (10 points already spent)' }),
    ]);
    expect(await reverse()).toBe(0);
    expect(reversals(ledger)).toHaveLength(1);
  });

  it('reverses nothing for a source that paid nothing', async () => {
    const { ledger } = await rewardedMember({ current_points: 5, total_points: 5 });
    const service = new LedgerService(config, ledger);
    const memberId = ledger.addMember();
    const taken = await service.reverseSource(
      tx,
      { memberId, kind: 'comment_reward', sourceId: randomUUID() },
      'Comment removed by staff: Jazz',
      async () => undefined,
    );
    expect(taken).toBe(0);
    expect(reversals(ledger)).toEqual([]);
  });
});
