import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ScanLogPage } from '@nocturne/contracts';
import type { QrScanAction, QrScanMethod, QrScanResult } from '@nocturne/db';
import { isoTimestamp } from '../../../../common/timestamps.js';
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
}

/** The door's scan log, newest first, a page at a time (the cursor is the last id seen). */
@QueryHandler(ListScansQuery)
export class ListScansHandler implements IQueryHandler<ListScansQuery, ScanLogPage> {
  constructor(private readonly em: EntityManager) {}

  async execute({ limit, cursor }: ListScansQuery): Promise<ScanLogPage> {
    const rows = await this.em.execute<ScanRow[]>(
      `select s.id::text as id, s.at, s.admin_id, a.first_name as admin_name, s.user_coupon_id, s.scanned_id, s.method, s.action, s.result,
              s.reason, c.code as coupon_code, concat_ws(' ', m.first_name, m.last_name) as member_name
         from qr_scans s
         left join members a on a.id = s.admin_id
         left join user_coupons uc on uc.id = s.user_coupon_id
         left join coupons c on c.id = uc.coupon_id
         left join members m on m.id = uc.member_id
        ${cursor ? 'where s.id < ?' : ''}
        order by s.id desc
        limit ?`,
      cursor ? [cursor, limit + 1] : [limit + 1],
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
      })),
      nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }
}
