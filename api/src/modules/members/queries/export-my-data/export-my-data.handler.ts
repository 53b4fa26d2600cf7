import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyDataExport, User } from '@nocturne/contracts';
import { isoTimestamp } from '../../../../common/timestamps.js';
import { ExportMyDataQuery } from './export-my-data.query.js';
import { MembersFailure } from '../../members-failure.js';

type Stamp = Date | string;

/**
 * The member's own data in one JSON document. Hand-written SQL across the club's tables: one read
 * per kind of record, each filtered by the member's id (no other member's data can appear).
 */
@QueryHandler(ExportMyDataQuery)
export class ExportMyDataHandler implements IQueryHandler<ExportMyDataQuery, MyDataExport> {
  constructor(private readonly em: EntityManager) {}

  async execute({ memberId }: ExportMyDataQuery): Promise<MyDataExport> {
    const [profile] = await this.em.execute<
      { id: string; email: string; first_name: string; last_name: string | null; is_admin: boolean; current_points: number; total_points: number; member_tier: User['memberTier']; created_at: Stamp; last_sign_in_at: Stamp | null }[]
    >(
      `select id, email, first_name, last_name, is_admin, current_points, total_points, member_tier, created_at, last_sign_in_at
         from members where id = ? and deleted_at is null`,
      [memberId],
    );
    if (!profile) throw new MembersFailure('not_found', 'No such member');
    const points = await this.em.execute<{ description: string; points: number; kind: string; created_at: Stamp }[]>(
      'select description, points, kind, created_at from point_transactions where member_id = ? order by created_at, id',
      [memberId],
    );
    const coupons = await this.em.execute<{ code: string; title: string; claimed_at: Stamp; redeemed_at: Stamp | null }[]>(
      `select c.code, c.title, uc.claimed_at, uc.redeemed_at from user_coupons uc join coupons c on c.id = uc.coupon_id
        where uc.member_id = ? order by uc.claimed_at, uc.id`,
      [memberId],
    );
    const comments = await this.em.execute<{ title: string; content: string; created_at: Stamp; deleted_at: Stamp | null }[]>(
      `select p.title, c.content, c.created_at, c.deleted_at from news_comments c join news_posts p on p.id = c.post_id
        where c.author_id = ? order by c.created_at, c.id`,
      [memberId],
    );
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        id: profile.id,
        email: profile.email,
        firstName: profile.first_name,
        lastName: profile.last_name,
        isAdmin: profile.is_admin,
        currentPoints: profile.current_points,
        totalPoints: profile.total_points,
        memberTier: profile.member_tier,
        createdAt: isoTimestamp(profile.created_at),
        lastSignInAt: profile.last_sign_in_at ? isoTimestamp(profile.last_sign_in_at) : null,
      },
      pointsHistory: points.map((r) => ({ description: r.description, points: r.points, kind: r.kind, createdAt: isoTimestamp(r.created_at) })),
      coupons: coupons.map((r) => ({
        code: r.code,
        title: r.title,
        claimedAt: isoTimestamp(r.claimed_at),
        redeemedAt: r.redeemed_at ? isoTimestamp(r.redeemed_at) : null,
      })),
      comments: comments.map((r) => ({ postTitle: r.title, content: r.content, createdAt: isoTimestamp(r.created_at), removed: r.deleted_at !== null })),
    };
  }
}
