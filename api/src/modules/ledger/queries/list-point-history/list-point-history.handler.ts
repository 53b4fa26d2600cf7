import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PointHistoryResponse } from '@nocturne/contracts';
import { earningWords } from '@nocturne/domain';
import { isoTimestamp } from '#common/timestamps.js';
import { LedgerRepository } from '#modules/ledger/ledger.repository.js';
import { ListPointHistoryQuery } from './list-point-history.query.js';

/** The member's own ledger rows, newest first (served by the (member_id, created_at) index), each with how a multiplier paid it. */
@QueryHandler(ListPointHistoryQuery)
export class ListPointHistoryHandler implements IQueryHandler<ListPointHistoryQuery, PointHistoryResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerRepository,
  ) {}

  async execute({ memberId, limit }: ListPointHistoryQuery): Promise<PointHistoryResponse> {
    const rows = await this.ledger.history(this.em, memberId, limit);
    return rows.map((row) => ({
      id: row.id,
      description: row.description,
      points: row.points,
      createdAt: isoTimestamp(row.created_at),
      multiplier: earningWords(row.base_points, row.tier_multiplier, row.promotion_multiplier),
    }));
  }
}
