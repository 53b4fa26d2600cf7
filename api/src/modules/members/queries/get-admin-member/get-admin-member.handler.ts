import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminMemberView } from '@nocturne/contracts';
import { earningWords } from '@nocturne/domain';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import { userFromRow } from '#modules/auth/auth.public.js';
import { userCouponState } from '#modules/coupons/coupons.public.js';
import { MEMBER_NOT_FOUND, MembersFailure } from '#modules/members/members-failure.js';
import { AdminMemberRepository } from '#modules/members/admin-member.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { GetAdminMemberQuery } from './get-admin-member.query.js';

/** Claims and scans shown at most: a member with more is rare, and the view says how many there are. */
const COUPONS_SHOWN = 100;
const SCANS_SHOWN = 20;

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

/** One member as staff see them: profile and account state, points history, claims with their states, door scans. */
@QueryHandler(GetAdminMemberQuery)
export class GetAdminMemberHandler implements IQueryHandler<GetAdminMemberQuery, AdminMemberView> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AdminMemberRepository,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ memberId, historyLimit, viewer }: GetAdminMemberQuery): Promise<AdminMemberView> {
    const member = await this.repository.memberForAdmin(this.em, memberId);
    if (!member) throw new MembersFailure('not_found', MEMBER_NOT_FOUND);
    // One membership: every manager sees the member; a manager of some venues, their door scans there.
    const scope = viewer ? await this.staffVenues.scopeOf(this.em, viewer) : ({ all: true } as const);
    const [history, historyTotal, coupons, couponsTotal, scans] = await Promise.all([
      this.repository.historyForAdmin(this.em, memberId, historyLimit),
      this.repository.countHistory(this.em, memberId),
      this.repository.couponsForAdmin(this.em, memberId, COUPONS_SHOWN),
      this.repository.countCoupons(this.em, memberId),
      this.repository.scansForAdmin(this.em, memberId, SCANS_SHOWN, scope.all ? undefined : scope.venueIds),
    ]);
    const now = new Date();
    return {
      member: {
        ...userFromRow(member),
        acSyncedAt: isoTimestampOrNull(member.ac_synced_at),
        acSyncError: member.ac_sync_error,
        lastSignInAt: isoTimestampOrNull(member.last_sign_in_at),
        disabledAt: isoTimestampOrNull(member.disabled_at),
        disabledBy: member.disabled_by_id ? { id: member.disabled_by_id, name: member.disabled_by_name ?? '' } : null,
      },
      pointsHistory: {
        total: historyTotal,
        entries: history.map((row) => ({
          id: row.id,
          description: row.description,
          points: row.points,
          kind: row.kind,
          createdAt: isoTimestamp(row.created_at),
          multiplier: earningWords(row.base_points, row.tier_multiplier, row.promotion_multiplier),
          recordedBy: row.recorded_by_id ? { id: row.recorded_by_id, name: row.recorded_by_name ?? '' } : null,
        })),
      },
      coupons: {
        total: couponsTotal,
        entries: coupons.map((row) => ({
          id: row.id,
          couponId: row.coupon_id,
          code: row.code,
          title: row.title,
          type: row.type,
          value: row.value,
          claimedAt: isoTimestamp(row.claimed_at),
          redeemedAt: isoTimestampOrNull(row.redeemed_at),
          redeemedBy: row.redeemed_by,
          validatedAt: isoTimestampOrNull(row.validated_at),
          validUntil: isoTimestampOrNull(row.valid_until),
          state: userCouponState(
            dateOrNull(row.redeemed_at),
            { isActive: row.is_active, archivedAt: dateOrNull(row.archived_at), validUntil: dateOrNull(row.valid_until) },
            now,
          ),
          redemptionUndoneAt: isoTimestampOrNull(row.undone_at),
        })),
      },
      scans: scans.map((row) => ({
        id: row.id,
        at: isoTimestamp(row.at),
        action: row.action,
        result: row.result,
        method: row.method,
        reason: row.reason,
        couponCode: row.coupon_code,
        staffName: row.staff_name,
      })),
    };
  }
}
