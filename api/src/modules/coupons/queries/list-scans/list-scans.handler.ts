import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ScanLogPage } from '@nocturne/contracts';
import { clubNightBounds, REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import { ScanLogRepository } from '#modules/coupons/scan-log.repository.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
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
    private readonly staffVenues: StaffVenues,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ limit, cursor, viewer, venueId }: ListScansQuery): Promise<ScanLogPage> {
    const door = viewer.role === 'door';
    // A staffer of some venues sees their lines only; one venue's when asked (and theirs).
    const { scope, venueId: only } = await this.staffVenues.readVenue(this.em, viewer, venueId);
    const venueIds = only !== undefined ? [only] : scope.all ? undefined : scope.venueIds;
    // Door staff see tonight: from the earliest start of tonight among the venues they see.
    const zones = await Promise.all((venueIds ?? [undefined]).map((id) => this.venues.timeZoneOf(id)));
    const since = door
      ? new Date(Math.min(...zones.map((zone) => clubNightBounds(new Date(), zone).start.getTime())))
      : undefined;
    const rows = await this.coupons.listScans(this.em, { limit, cursor, undoMinutes: REDEMPTION_UNDO_MINUTES, since, venueIds });
    const page = rows.slice(0, limit);
    // A group of one venue answers as before venues: no venue named.
    const named = !(await this.venues.single());
    return {
      scans: page.map((row) => ({
        id: row.id,
        at: isoTimestamp(row.at),
        adminId: row.admin_id,
        adminName: row.admin_name,
        ...(named ? { venueId: row.venue_id } : {}),
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
