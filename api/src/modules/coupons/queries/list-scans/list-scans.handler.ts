import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ScanLogPage } from '@nocturne/contracts';
import type { QrScanAction, QrScanMethod, QrScanResult } from '@nocturne/db';
import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { isoTimestamp, isoTimestampOrNull } from '../../../../common/timestamps.js';
import { ListScansQuery } from './list-scans.query.js';

interface ScanRow {
  id: string;
  at: Date | string;
  admin_id: string | null;
  admin_name: string | null;
  user_coupon_id: string | null;
  scanned_id: string;
  method: QrScanMethod;
  action: QrScanAction;
  result: QrScanResult;
  reason: string;
  coupon_code: string | null;
  member_name: string | null;
  undoable_until: Date | string | null;
}

/** The door's scan log, newest first, a page at a time (the cursor is the last id seen). */
@QueryHandler(ListScansQuery)
export class ListScansHandler implements IQueryHandler<ListScansQuery, ScanLogPage> {
  constructor(private readonly em: EntityManager) {}

  async execute({ limit, cursor }: ListScansQuery): Promise<ScanLogPage> {
    const rows = await this.em.execute<ScanRow[]>(
      `select s.id::text as id, s.at, s.admin_id, a.first_name as admin_name, s.user_coupon_id, s.scanned_id, s.method, s.action, s.result,
              s.reason, c.code as coupon_code, concat_ws(' ', m.first_name, m.last_name) as member_name,
              -- A redemption and its log line share the transaction's now(): this line's redemption still
              -- stands when the coupon's redeemed_at is its time (not an older one since undone).
              case when s.action = 'redeem' and s.result = 'accepted' and uc.redeemed_at = s.at
                        and uc.redeemed_at > now() - make_interval(mins => ?)
                   then uc.redeemed_at + make_interval(mins => ?) end as undoable_until
         from qr_scans s
         left join members a on a.id = s.admin_id
         left join user_coupons uc on uc.id = s.user_coupon_id
         left join coupons c on c.id = uc.coupon_id
         left join members m on m.id = uc.member_id
        ${cursor ? 'where s.id < ?' : ''}
        order by s.id desc
        limit ?`,
      cursor ? [REDEMPTION_UNDO_MINUTES, REDEMPTION_UNDO_MINUTES, cursor, limit + 1] : [REDEMPTION_UNDO_MINUTES, REDEMPTION_UNDO_MINUTES, limit + 1],
    );
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
