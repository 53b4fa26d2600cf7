import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tier } from '@nocturne/domain';
import { randomUUID } from 'node:crypto';
import type { BalanceRow, LedgerAuditRow, LedgerEntry, LedgerRepository } from './ledger.repository.js';

type MemberBalance = BalanceRow;

/**
 * LedgerRepository in memory, for handler unit tests: the same answers for the same rows,
 * including what the schema decides (one row per member, kind and source; no balance below
 * zero on a debit). Queries no handler under test uses throw.
 */
export class FakeLedgerRepository implements LedgerRepository {
  readonly members = new Map<string, MemberBalance>();
  readonly rows: (LedgerEntry & { id: string })[] = [];
  readonly posts = new Map<string, string>();

  addMember(balance: Partial<MemberBalance> = {}): string {
    const id = randomUUID();
    this.members.set(id, { current_points: 0, total_points: 0, member_tier: 'bronze', ...balance });
    return id;
  }

  async insertRow(_em: EntityManager, row: LedgerEntry): Promise<boolean> {
    const paid = this.rows.some(
      (other) => other.memberId === row.memberId && other.kind === row.kind && other.sourceId === row.sourceId,
    );
    if (paid) return false;
    this.rows.push({ ...row, id: randomUUID() });
    return true;
  }

  async spend(_em: EntityManager, memberId: string, points: number): Promise<BalanceRow | undefined> {
    const member = this.members.get(memberId);
    if (!member || member.current_points + points < 0) return undefined;
    member.current_points += points;
    return { ...member };
  }

  async changeBalance(
    _em: EntityManager,
    memberId: string,
    pointsChange: number,
    earnedChange: number,
  ): Promise<BalanceRow | undefined> {
    const member = this.members.get(memberId);
    if (!member) return undefined;
    member.current_points += pointsChange;
    member.total_points = Math.max(member.total_points + earnedChange, 0);
    return { ...member };
  }

  async setTier(_em: EntityManager, memberId: string, tier: Tier): Promise<void> {
    this.members.get(memberId)!.member_tier = tier;
  }

  async findReversible(): Promise<Awaited<ReturnType<LedgerRepository['findReversible']>>> {
    throw new Error('fake: findReversible is not faked');
  }

  async lockBalance(): Promise<Awaited<ReturnType<LedgerRepository['lockBalance']>>> {
    throw new Error('fake: lockBalance is not faked');
  }

  async lockMemberAndReadClock(): Promise<string> {
    throw new Error('fake: lockMemberAndReadClock is not faked');
  }

  async countRows(): Promise<number> {
    throw new Error('fake: countRows is not faked');
  }

  async findBySource(): Promise<Awaited<ReturnType<LedgerRepository['findBySource']>>> {
    throw new Error('fake: findBySource is not faked');
  }

  async findReversal(): Promise<Awaited<ReturnType<LedgerRepository['findReversal']>>> {
    throw new Error('fake: findReversal is not faked');
  }

  async history(): Promise<Awaited<ReturnType<LedgerRepository['history']>>> {
    throw new Error('fake: history is not faked');
  }

  async auditRows(): Promise<LedgerAuditRow[]> {
    throw new Error('fake: auditRows is not faked');
  }

  async couponPrice(): Promise<Awaited<ReturnType<LedgerRepository['couponPrice']>>> {
    throw new Error('fake: couponPrice is not faked');
  }

  async postTitle(_em: EntityManager, postId: string): Promise<string | undefined> {
    return this.posts.get(postId);
  }
}
