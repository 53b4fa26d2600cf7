import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_USERS_COUNT_CAP, type AdminUsersResponse } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '../../../../common/keyset-page.js';
import { isoTimestampOrNull } from '../../../../common/timestamps.js';
import { userFromRow } from '../../../auth/auth.public.js';
import { AdminMembersRepository, type MemberSearch, memberSearch } from '../../admin-members.repository.js';
import { ListAdminMembersQuery } from './list-admin-members.query.js';

/** Members for the admin table, newest first a page at a time, searched by name or e-mail, with how many match (up to a cap). */
/** How many of the newest members a search walks before it turns to the trigram indexes. */
const SEARCH_WINDOW = 2_000;
/** Below this many members every search is counted (up to the cap): it is cheap there. */
const SAMPLE_FROM_MEMBERS = 100_000;
/** About how many members the sample reads (a 1% sample of a million). */
const SAMPLE_ROWS = 10_000;
/**
 * The sample's estimate is trusted only this far past the cap: a word the sample says matches
 * 20,000 has, at 10,000 rows read, a standard error near 7%, so it matches more than the cap.
 */
const SAMPLE_TRUST_FACTOR = 2;

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
   * it ("about 100,000"). A rarer one is found through the trigram indexes (few rows to sort) and
   * counted up to the cap. Without a search the page walks the index and the count stops at the
   * cap, then the table's estimated size stands in ("about 1,000,000").
   */
  private async findPage(filter: ListAdminMembersQuery['filter']) {
    const search = filter.search ? memberSearch(filter.search) : null;
    const after = keysetPageStart(filter.cursor);
    const limit = filter.limit;
    if (search) {
      const recent = await this.repository.searchRecent(this.em, { search, after, window: SEARCH_WINDOW });
      if (recent.length > limit) {
        const scanned = await this.repository.countRecent(this.em, after, SEARCH_WINDOW);
        // The walk read every member: what it found is the whole answer.
        if (scanned < SEARCH_WINDOW && !after)
          return { ...keysetPage(recent, limit), total: recent.length, totalIs: 'exact' as const };
        const estimate = Math.round((recent.length / Math.max(1, scanned)) * (await this.repository.estimateMembers(this.em)));
        return { ...keysetPage(recent, limit), total: Math.max(estimate, recent.length), totalIs: 'about' as const };
      }
    }
    const found = keysetPage(await this.repository.listForAdmin(this.em, { search, after, limit: limit + 1 }), limit);
    if (search) {
      const common = await this.commonSearchEstimate(search);
      if (common !== null) return { ...found, total: Math.max(common, found.page.length), totalIs: 'about' as const };
    }
    const counted = await this.repository.countForAdmin(this.em, search, ADMIN_USERS_COUNT_CAP);
    if (counted <= ADMIN_USERS_COUNT_CAP) return { ...found, total: counted, totalIs: 'exact' as const };
    if (search) return { ...found, total: ADMIN_USERS_COUNT_CAP, totalIs: 'at_least' as const };
    const estimate = await this.repository.estimateMembers(this.em);
    return estimate > ADMIN_USERS_COUNT_CAP
      ? { ...found, total: estimate, totalIs: 'about' as const }
      : { ...found, total: ADMIN_USERS_COUNT_CAP, totalIs: 'at_least' as const };
  }

  /**
   * For a large table, how many members a search matches as a random sample of pages says, when
   * that is clearly past the count's cap (a word one member in ten carries: "about 100,000");
   * otherwise null, and the matches are counted. Counting to the cap costs what finding every match
   * costs (the trigram bitmaps hold them all: 60 ms for 100,000 matches among a million members);
   * the sample costs its SAMPLE_ROWS rows.
   */
  private async commonSearchEstimate(search: MemberSearch): Promise<number | null> {
    const tableSize = await this.repository.estimateMembers(this.em);
    if (tableSize < SAMPLE_FROM_MEMBERS) return null;
    const { hits, seen } = await this.repository.sampleMatches(this.em, search, { rows: SAMPLE_ROWS, tableSize });
    if (seen < SAMPLE_ROWS / 4) return null;
    const estimate = Math.round((hits / seen) * tableSize);
    return estimate >= SAMPLE_TRUST_FACTOR * ADMIN_USERS_COUNT_CAP ? estimate : null;
  }
}
