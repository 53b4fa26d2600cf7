import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateCouponRequest } from '@nocturne/contracts';
import type { Database, RedeemedBy } from '@nocturne/db';
import type { Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import {
  type AvailableCouponRow,
  type Claimant,
  type CouponsRepository,
  type CouponView,
  type ScanLogEntry,
  type ScanLogRow,
  type UserCouponView,
  UUID_PATTERN,
} from './coupons.repository.js';

type CouponRecord = Selectable<Database['coupons']>;
type UserCouponRecord = Selectable<Database['user_coupons']>;
type MemberRecord = Pick<Selectable<Database['members']>, 'id' | 'first_name' | 'last_name' | 'member_tier' | 'current_points'>;

const isoNow = () => new Date().toISOString();

/**
 * CouponsRepository in memory, for handler unit tests: the same answers for the same rows,
 * including what the SQL decides (the claim's conditional update, the redeem's, owner-only
 * lookups). Queries no handler under test uses throw.
 */
export class FakeCouponsRepository implements CouponsRepository {
  readonly members = new Map<string, MemberRecord>();
  readonly coupons = new Map<string, CouponRecord>();
  readonly userCoupons: UserCouponRecord[] = [];
  readonly scans: ScanLogEntry[] = [];
  /** Runs just before takeClaim looks at the coupon: a claim by someone else landing in between. */
  beforeTakeClaim?: () => void;
  /** Runs just before markRedeemed looks at the row: a redemption by someone else landing in between. */
  beforeMarkRedeemed?: () => void;

  addMember(overrides: Partial<MemberRecord> = {}): MemberRecord {
    const member: MemberRecord = {
      id: randomUUID(),
      first_name: 'Ada',
      last_name: 'Lovelace',
      member_tier: 'bronze',
      current_points: 0,
      ...overrides,
    };
    this.members.set(member.id, member);
    return member;
  }

  addCoupon(overrides: Partial<CouponRecord> = {}): CouponRecord {
    const coupon: CouponRecord = {
      id: randomUUID(),
      code: `FAKE-${this.coupons.size + 1}`,
      title: 'Happy hour',
      description: '10% off any drink',
      type: 'percentage',
      value: 10,
      points_cost: 0,
      required_tier: 'bronze',
      max_uses: null,
      per_member_limit: 1,
      valid_until: null,
      is_active: true,
      archived_at: null,
      claimed_count: 0,
      redeemed_count: 0,
      created_by_id: null,
      created_at: isoNow(),
      updated_at: isoNow(),
      ...overrides,
    };
    this.coupons.set(coupon.id, coupon);
    return coupon;
  }

  addUserCoupon(memberId: string, couponId: string, overrides: Partial<UserCouponRecord> = {}): UserCouponRecord {
    const row: UserCouponRecord = {
      id: randomUUID(),
      member_id: memberId,
      coupon_id: couponId,
      claimed_at: isoNow(),
      redeemed_at: null,
      redeemed_by: null,
      validated_at: null,
      validated_by_id: null,
      short_code: null,
      ...overrides,
    };
    this.userCoupons.push(row);
    return row;
  }

  private coupon(id: string): CouponRecord {
    const coupon = this.coupons.get(id);
    if (!coupon) throw new Error(`fake: no coupon ${id}`);
    return coupon;
  }

  private view(row: UserCouponRecord): UserCouponView {
    const member = this.members.get(row.member_id)!;
    const { validated_by_id: _validator, ...userCoupon } = row;
    return {
      ...userCoupon,
      first_name: member.first_name,
      last_name: member.last_name,
      member_tier: member.member_tier,
      coupon: { ...this.coupon(row.coupon_id) },
    };
  }

  // ---- coupons

  async findCoupon(_em: EntityManager, couponId: string): Promise<CouponView | undefined> {
    const coupon = this.coupons.get(couponId);
    return coupon && { ...coupon };
  }

  async listAvailable(): Promise<AvailableCouponRow[]> {
    throw new Error('fake: listAvailable is not faked');
  }

  async listAdmin(): Promise<CouponView[]> {
    throw new Error('fake: listAdmin is not faked');
  }

  async createCoupon(_em: EntityManager, _input: CreateCouponRequest, _adminId: string): Promise<CouponView | undefined> {
    throw new Error('fake: createCoupon is not faked');
  }

  async updateCoupon(): Promise<CouponView> {
    throw new Error('fake: updateCoupon is not faked');
  }

  async lockLiveCoupon(): Promise<CouponView | undefined> {
    throw new Error('fake: lockLiveCoupon is not faked');
  }

  async isHeld(): Promise<boolean> {
    throw new Error('fake: isHeld is not faked');
  }

  async deleteCoupon(): Promise<void> {
    throw new Error('fake: deleteCoupon is not faked');
  }

  async archiveCoupon(): Promise<CouponView> {
    throw new Error('fake: archiveCoupon is not faked');
  }

  // ---- claims

  async lockClaimant(_em: EntityManager, memberId: string): Promise<Claimant | undefined> {
    const member = this.members.get(memberId);
    return member && { id: member.id, member_tier: member.member_tier, current_points: member.current_points };
  }

  async countMemberClaims(_em: EntityManager, couponId: string, memberId: string): Promise<number> {
    return this.userCoupons.filter((row) => row.coupon_id === couponId && row.member_id === memberId).length;
  }

  /** The conditional update: live, not expired, and under max_uses at the moment it runs. */
  async takeClaim(_em: EntityManager, couponId: string): Promise<boolean> {
    this.beforeTakeClaim?.();
    const coupon = this.coupons.get(couponId);
    if (!coupon || !coupon.is_active || coupon.archived_at !== null) return false;
    if (coupon.valid_until !== null && new Date(coupon.valid_until).getTime() <= Date.now()) return false;
    if (coupon.max_uses !== null && coupon.claimed_count >= coupon.max_uses) return false;
    coupon.claimed_count += 1;
    return true;
  }

  async insertUserCoupon(_em: EntityManager, memberId: string, couponId: string): Promise<string> {
    return this.addUserCoupon(memberId, couponId).id;
  }

  // ---- user coupons

  async findUserCoupon(
    _em: EntityManager,
    id: string,
    options: { memberId?: string; lock?: boolean } = {},
  ): Promise<UserCouponView | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const row = this.userCoupons.find(
      (candidate) => candidate.id === id && (options.memberId === undefined || candidate.member_id === options.memberId),
    );
    return row && this.view(row);
  }

  async findUserCouponByShortCode(_em: EntityManager, code: string): Promise<UserCouponView | undefined> {
    const row = this.userCoupons.find((candidate) => candidate.short_code === code);
    return row && this.view(row);
  }

  async listMemberUserCoupons(): Promise<UserCouponView[]> {
    throw new Error('fake: listMemberUserCoupons is not faked');
  }

  async storeShortCode(_em: EntityManager, id: string, code: string, replacing: string | null): Promise<boolean> {
    const row = this.userCoupons.find((candidate) => candidate.id === id);
    if (!row || row.short_code !== replacing) return false;
    row.short_code = code;
    return true;
  }

  async readShortCode(_em: EntityManager, id: string): Promise<string | null | undefined> {
    return this.userCoupons.find((candidate) => candidate.id === id)?.short_code;
  }

  // ---- redemptions

  /** The conditional update: only a row not yet redeemed changes. */
  async markRedeemed(_em: EntityManager, id: string, by: RedeemedBy, adminId: string | null) {
    this.beforeMarkRedeemed?.();
    const row = this.userCoupons.find((candidate) => candidate.id === id);
    if (!row || row.redeemed_at !== null) return undefined;
    row.redeemed_at = isoNow();
    row.redeemed_by = by;
    if (by === 'staff') {
      row.validated_at = row.redeemed_at;
      row.validated_by_id = adminId;
    }
    return { redeemed_at: row.redeemed_at, validated_at: row.validated_at };
  }

  async unmarkRedeemed(): Promise<boolean> {
    throw new Error('fake: unmarkRedeemed is not faked');
  }

  async countRedemption(_em: EntityManager, couponId: string, change: 1 | -1): Promise<void> {
    this.coupon(couponId).redeemed_count += change;
  }

  // ---- the door

  async lockTypedCodeAttempts(): Promise<void> {}

  async logScan(_em: EntityManager, entry: ScanLogEntry): Promise<void> {
    this.scans.push(entry);
  }

  async listScans(): Promise<ScanLogRow[]> {
    throw new Error('fake: listScans is not faked');
  }
}
