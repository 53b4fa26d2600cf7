import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminUsersResponse } from '@nocturne/contracts';
import { containsPattern } from '../../../../common/like-pattern.js';
import { isoTimestampOrNull } from '../../../../common/timestamps.js';
import { userFromRow } from '../../../auth/auth.public.js';
import { MembersRepository } from '../../members.repository.js';
import { ListAdminMembersQuery } from './list-admin-members.query.js';

/** Members for the admin table, newest first, searched by name or e-mail, with how many match. */
@QueryHandler(ListAdminMembersQuery)
export class ListAdminMembersHandler implements IQueryHandler<ListAdminMembersQuery, AdminUsersResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: MembersRepository,
  ) {}

  async execute({ filter }: ListAdminMembersQuery): Promise<AdminUsersResponse> {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const rows = await this.repository.listForAdmin(this.em, { pattern, limit: filter.limit, offset: filter.offset });
    // Past the last page: still say how many there are.
    const total =
      rows.length === 0 && filter.offset > 0
        ? await this.repository.countForAdmin(this.em, pattern)
        : Number(rows[0]?.total ?? 0);
    return {
      total,
      users: rows.map((row) => ({
        ...userFromRow(row),
        acSyncedAt: isoTimestampOrNull(row.ac_synced_at),
        acSyncError: row.ac_sync_error,
        disabledAt: isoTimestampOrNull(row.disabled_at),
      })),
    };
  }
}
