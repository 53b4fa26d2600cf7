import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ScanLogPage } from '@nocturne/contracts';
import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { isoTimestamp, isoTimestampOrNull } from '../../../../common/timestamps.js';
import { CouponsRepository } from '../../coupons.repository.js';
import { ListScansQuery } from './list-scans.query.js';

/** The door's scan log, newest first, a page at a time (the cursor is the last id seen). */
@QueryHandler(ListScansQuery)
export class ListScansHandler implements IQueryHandler<ListScansQuery, ScanLogPage> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: CouponsRepository,
  ) {}

  async execute({ limit, cursor }: ListScansQuery): Promise<ScanLogPage> {
    const rows = await this.coupons.listScans(this.em, { limit, cursor, undoMinutes: REDEMPTION_UNDO_MINUTES });
    const page = rows.slice(0, limit);
    return {
      scans: page.map((row) => ({
        id: row.id,
        at: isoTimestamp(row.at),
        adminId: row.admin_id,
        adminName: row.admin_name,
        userCouponId: row.user_coupon_id,
        scannedId: row.scanned_id,
        method: row.method,
        action: row.action,
        result: row.result,
        reason: row.reason,
        couponCode: row.coupon_code,
        memberName: row.user_coupon_id ? row.member_name : null,
        undoableUntil: isoTimestampOrNull(row.undoable_until),
      })),
      nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }
}
