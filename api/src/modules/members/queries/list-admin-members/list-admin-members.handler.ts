import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_USERS_COUNT_CAP, type AdminUsersResponse } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '../../../../common/keyset-page.js';
import { containsPattern } from '../../../../common/like-pattern.js';
import { isoTimestampOrNull } from '../../../../common/timestamps.js';
import { userFromRow } from '../../../auth/auth.public.js';
import { MembersRepository } from '../../members.repository.js';
import { ListAdminMembersQuery } from './list-admin-members.query.js';

/** Members for the admin table, newest first a page at a time, searched by name or e-mail, with how many match (up to a cap). */
@QueryHandler(ListAdminMembersQuery)
export class ListAdminMembersHandler implements IQueryHandler<ListAdminMembersQuery, AdminUsersResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: MembersRepository,
  ) {}

  async execute({ filter }: ListAdminMembersQuery): Promise<AdminUsersResponse> {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const after = keysetPageStart(filter.cursor);
    const { page, nextCursor } = keysetPage(
      await this.repository.listForAdmin(this.em, { pattern, after, limit: filter.limit + 1 }),
      filter.limit,
    );
    const counted = await this.repository.countForAdmin(this.em, pattern, ADMIN_USERS_COUNT_CAP);
    return {
      total: Math.min(counted, ADMIN_USERS_COUNT_CAP),
      totalCapped: counted > ADMIN_USERS_COUNT_CAP,
      nextCursor,
      users: page.map((row) => ({
        ...userFromRow(row),
        acSyncedAt: isoTimestampOrNull(row.ac_synced_at),
        acSyncError: row.ac_sync_error,
        disabledAt: isoTimestampOrNull(row.disabled_at),
      })),
    };
  }
}
