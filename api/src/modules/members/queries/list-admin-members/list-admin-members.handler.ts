import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_USERS_COUNT_CAP, type AdminUsersResponse } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { isoTimestampOrNull } from '#common/timestamps.js';
import { userFromRow } from '#modules/auth/auth.public.js';
import { AdminMembersRepository, memberSearch } from '#modules/members/admin-members.repository.js';
import { ListAdminMembersQuery } from './list-admin-members.query.js';

/** Members for the admin table, newest first a page at a time, searched by name or e-mail, with how many match (up to a cap). */
/** How many of the newest members a search walks before it turns to the trigram indexes. */
const SEARCH_WINDOW = 2_000;
/**
 * The window's estimate stands in for a count only this far past the cap: a word met 40 times in
 * the 2,000 newest members (2%) matches about 20,000 of a million, well past the cap whatever the
 * estimate's error; below that the matches are counted, up to the cap.
 */
const ESTIMATE_TRUST_FACTOR = 2;

@QueryHandler(ListAdminMembersQuery)
export class ListAdminMembersHandler implements IQueryHandler<ListAdminMembersQuery, AdminUsersResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AdminMembersRepository,
  ) {}

  async execute({ filter }: ListAdminMembersQuery): Promise<AdminUsersResponse> {
    const { page, nextCursor, total, totalIs } = await this.findPage(filter);
    return {
      total,
      totalIs,
      nextCursor,
      users: page.map((row) => ({
        ...userFromRow(row),
        acSyncedAt: isoTimestampOrNull(row.ac_synced_at),
        acSyncError: row.ac_sync_error,
        disabledAt: isoTimestampOrNull(row.disabled_at),
      })),
    };
  }

  /**
   * The page and how many match. A search first walks the newest SEARCH_WINDOW members after the
   * cursor: a common word fills the page there, and its total is estimated from how often it met
   * it ("about 100,000"). A rarer one is found through the indexes (e-mail prefix, name trigrams:
   * few rows to sort) and counted up to the cap, unless the walk already met it often enough to
   * estimate. Without a search the page walks the index and the count stops at the cap, then the
   * table's estimated size stands in ("about 1,000,000"). Nothing reads more of the table than the
   * window, the page's matches and the cap.
   */
  private async findPage(filter: ListAdminMembersQuery['filter']) {
    const search = filter.search ? memberSearch(filter.search) : null;
    const after = keysetPageStart(filter.cursor);
    const limit = filter.limit;
    let windowEstimate: number | null = null;
    if (search) {
      const recent = await this.repository.searchRecent(this.em, { search, after, window: SEARCH_WINDOW });
      const scanned = await this.repository.countRecent(this.em, after, SEARCH_WINDOW);
      // The walk read every member: what it found is the whole answer.
      if (scanned < SEARCH_WINDOW && !after)
        return { ...keysetPage(recent, limit), total: recent.length, totalIs: 'exact' as const };
      const estimate = Math.round((recent.length / Math.max(1, scanned)) * (await this.repository.estimateMembers(this.em)));
      if (recent.length > limit)
        return { ...keysetPage(recent, limit), total: Math.max(estimate, recent.length), totalIs: 'about' as const };
      if (estimate >= ESTIMATE_TRUST_FACTOR * ADMIN_USERS_COUNT_CAP) windowEstimate = estimate;
    }
    const found = keysetPage(await this.repository.listForAdmin(this.em, { search, after, limit: limit + 1 }), limit);
    if (windowEstimate !== null)
      return { ...found, total: Math.max(windowEstimate, found.page.length), totalIs: 'about' as const };
    const counted = await this.repository.countForAdmin(this.em, search, ADMIN_USERS_COUNT_CAP);
    if (counted <= ADMIN_USERS_COUNT_CAP) return { ...found, total: counted, totalIs: 'exact' as const };
    if (search) return { ...found, total: ADMIN_USERS_COUNT_CAP, totalIs: 'at_least' as const };
    const estimate = await this.repository.estimateMembers(this.em);
    return estimate > ADMIN_USERS_COUNT_CAP
      ? { ...found, total: estimate, totalIs: 'about' as const }
      : { ...found, total: ADMIN_USERS_COUNT_CAP, totalIs: 'at_least' as const };
  }
}
