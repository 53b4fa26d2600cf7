import type { EntityManager } from '@mikro-orm/postgresql';
import type { PointKind } from '@nocturne/db';
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

  async findReversible(_em: EntityManager, transactionId: string) {
    const row = this.rows.find((other) => other.id === transactionId && other.kind !== 'reversal');
    return row && { member_id: row.memberId, points: row.points, kind: row.kind };
  }

  async lockBalance(_em: EntityManager, memberId: string) {
    const member = this.members.get(memberId);
    return member && { current_points: member.current_points };
  }

  async findBySource(_em: EntityManager, memberId: string, kind: PointKind, sourceId: string) {
    const row = this.rows.find((other) => other.memberId === memberId && other.kind === kind && other.sourceId === sourceId);
    return row && { id: row.id };
  }

  async lockMemberAndReadClock(): Promise<string> {
    throw new Error('fake: lockMemberAndReadClock is not faked');
  }

  async countRows(): Promise<number> {
    throw new Error('fake: countRows is not faked');
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
