import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Readable } from 'node:stream';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { ExportSlots } from '#infrastructure/exports/export-slots.js';
import { MembersFailure } from '#modules/members/members-failure.js';
import { MyDataRepository } from '#modules/members/my-data.repository.js';
import { ExportMyDataQuery } from './export-my-data.query.js';
import {
  commentEntry,
  couponEntry,
  guestListEntry,
  pointsEntry,
  profileEntry,
  referralsEntry,
  rewardsEntry,
} from './my-data-document.js';

/** Rows read per statement: about 200 KB of JSON at a time, however long the member's history. */
const BATCH = 1_000;

/**
 * The member's own data as one JSON document (MyDataExport), streamed as it is read: the profile
 * first (a member not found is a 404 before any byte), then each list in keyset batches, each
 * read only when the client has taken the one before, and a few downloads' reads at a time
 * (ExportSlots.read). A five-year regular's 60,000 ledger rows
 * never sit in memory at once. Every read is filtered by the member's id (no other member's data
 * can appear).
 */
@QueryHandler(ExportMyDataQuery)
export class ExportMyDataHandler implements IQueryHandler<ExportMyDataQuery, Readable> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: MyDataRepository,
    private readonly slots: ExportSlots,
  ) {}

  async execute({ memberId }: ExportMyDataQuery): Promise<Readable> {
    // Its own EntityManager: the stream is read after the request's context has moved on.
    const em = this.em.fork();
    const repository = this.repository;
    const read = <T>(work: () => Promise<T>) => this.slots.read(work);
    const profile = await repository.findProfile(em, memberId);
    if (!profile) throw new MembersFailure('not_found', 'No such member');
    const exportedAt = new Date().toISOString();
    async function* document() {
      yield `{"exportedAt":${JSON.stringify(exportedAt)},"profile":${JSON.stringify(profileEntry(profile!))},"pointsHistory":`;
      yield* jsonArray((after) => read(() => repository.pointsBatch(em, memberId, after, BATCH)), pointsEntry);
      yield ',"coupons":';
      yield* jsonArray((after) => read(() => repository.couponsBatch(em, memberId, after, BATCH)), couponEntry);
      yield ',"comments":';
      yield* jsonArray((after) => read(() => repository.commentsBatch(em, memberId, after, BATCH)), commentEntry);
      yield ',"guestLists":';
      yield* jsonArray((after) => read(() => repository.guestListsBatch(em, memberId, after, BATCH)), guestListEntry);
      const referrals = referralsEntry(memberId, await read(() => repository.referralsOf(em, memberId)));
      const rewards = rewardsEntry(await read(() => repository.rewardsOf(em, memberId)));
      yield `,"referrals":${JSON.stringify(referrals)},"rewards":${JSON.stringify(rewards)}}`;
    }
    return Readable.from(document(), { objectMode: false });
  }
}

/** A JSON array written a batch at a time: `read` answers the rows after a position, BATCH at most. */
async function* jsonArray<Row extends { id: string; cursor_at: string }>(
  read: (after: KeysetPosition | undefined) => Promise<Row[]>,
  entry: (row: Row) => unknown,
): AsyncGenerator<string> {
  let after: KeysetPosition | undefined;
  let first = true;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) {
      yield (first ? '[' : ',') + rows.map((row) => JSON.stringify(entry(row))).join(',');
      first = false;
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursor_at, id: last.id };
  }
  yield first ? '[]' : ']';
}
