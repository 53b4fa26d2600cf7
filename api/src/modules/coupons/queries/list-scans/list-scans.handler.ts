import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ScanLogPage } from '@nocturne/contracts';
import { clubNightBounds, REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { ScanLogRepository } from '#modules/coupons/scan-log.repository.js';
import { ListScansQuery } from './list-scans.query.js';

/**
 * The door's scan log, newest first, a page at a time (the cursor is the last id seen). Door staff
 * see tonight's club night only, each member by first name only, and an Undo only on their own
 * redemptions (PRODUCT.md §6); managers and admins see it all.
 */
@QueryHandler(ListScansQuery)
export class ListScansHandler implements IQueryHandler<ListScansQuery, ScanLogPage> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: ScanLogRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ limit, cursor, viewer }: ListScansQuery): Promise<ScanLogPage> {
    const door = viewer.role === 'door';
    const since = door ? clubNightBounds(new Date(), this.config.VENUE_TZ).start : undefined;
    const rows = await this.coupons.listScans(this.em, { limit, cursor, undoMinutes: REDEMPTION_UNDO_MINUTES, since });
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
        memberName: row.member_id === null ? null : door ? row.member_first_name : row.member_name,
        undoableUntil: door && row.validated_by_id !== viewer.id ? null : isoTimestampOrNull(row.undoable_until),
        // Only where a door was named: a venue with no named doors answers as before.
        ...(row.door_name === null ? {} : { door: row.door_name }),
      })),
      nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }
}
