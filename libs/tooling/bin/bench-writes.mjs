// The writes' baseline for `npm run bench`: a comment, a claim and a member's redemption on node:http + pg, running the
// api's transaction statement for statement (captured from PostgreSQL's statement log of one
// comment and one paid claim through the api: the same locks, conditional updates, ledger row,
// balance change, short code in a savepoint and outbox row), with no framework, validation,
// command bus or logging around it. What the api spends beyond this is its own cost.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAIM_REFUSALS, clubNightBounds, tierRefusalWords } from '@nocturne/domain';

const TIERS = ['bronze', 'silver', 'gold', 'platinum'];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The api's defaults (libs/config env.ts), which the bench does not override. */
const POINTS_PER_COMMENT = 5;
const COMMENT_REWARDS_PER_NIGHT = 10;
const VENUE_TZ = process.env.VENUE_TZ ?? 'Australia/Sydney';
/** The api's QR_SECRET (bench.mjs passes it), for the QR token in a redeemed coupon's answer. */
const QR_SECRET = Buffer.from(process.env.QR_SECRET ?? '', 'utf8');

const iso = (value) => new Date(value).toISOString();

function shortCode() {
  const bytes = randomBytes(11);
  let code = '';
  for (const byte of bytes) code += CROCKFORD[byte % 32];
  return code;
}

/**
 * A coupon row as the api answers it (CouponDetails): the api's own couponDetailsFromRow, so the
 * baseline's reads and writes send what the api sends. Loaded from the api's build at run time, as
 * the bench runs that build: a lib may not depend on the api's code, and this runner only uses it.
 */
export const { couponDetailsFromRow: couponDetails } = await import(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../api/dist/modules/coupons/coupon-view.js')
);

/** Runs `work` in one transaction on one pooled connection, as the api's UnitOfWork does. */
async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query(result.status < 300 ? 'commit' : 'rollback');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function outbox(client, type, aggregateId, payload) {
  await client.query('insert into outbox (type, aggregate_id, correlation_id, payload) values ($1, $2, $3, $4)', [
    type,
    aggregateId,
    randomUUID(),
    JSON.stringify(payload),
  ]);
}

async function postComment(pool, member, postId, body) {
  const content = typeof body?.content === 'string' ? body.content.trim() : '';
  if (!content) return { status: 400, body: { statusCode: 400, message: 'content is required' } };
  return inTransaction(pool, async (client) => {
    const post = (await client.query('select id, title from news_posts where id = $1 and published_at <= now()', [postId]))
      .rows[0];
    if (!post) return { status: 404, body: { statusCode: 404, message: 'Post not found' } };
    const { now } = (await client.query('select now() as now from members where id = $1 for update', [member.id])).rows[0];
    const night = clubNightBounds(new Date(now), VENUE_TZ);
    const { count } = (
      await client.query(
        `select count(*)::int as count from point_transactions as paid
          where paid.member_id = $1 and paid.kind = $2 and paid.created_at >= $3 and paid.created_at < $4
            and not exists (select reversal.id from point_transactions as reversal where reversal.reverses_id = paid.id)`,
        [member.id, 'comment_reward', night.start, night.end],
      )
    ).rows[0];
    const basePoints = count < COMMENT_REWARDS_PER_NIGHT ? POINTS_PER_COMMENT : 0;
    // The api's quote (LedgerService.quote): the member's tier benefit and tonight's promotions of
    // the whole group (a comment is earned at no venue) multiply the reward, in percent.
    let tierMultiplier = 100;
    if (basePoints > 0) {
      const tier = (
        await client.query(
          `select m.member_tier, b.multiplier, now() as now from members as m left join tier_benefits as b on b.tier = m.member_tier
            where m.id = $1`,
          [member.id],
        )
      ).rows[0];
      tierMultiplier = tier.multiplier ?? 100;
      await client.query(
        `select p.id, p.name, p.multiplier, p.starts_on, p.ends_on, p.weekdays from promotions as p
          where p.starts_on <= $1 and p.ends_on >= $2
            and not exists (select pv.venue_id from promotion_venues as pv where pv.promotion_id = p.id)`,
        [night.night, night.night],
      );
    }
    const pointsAwarded = Math.floor((basePoints * tierMultiplier) / 100);
    const comment = (
      await client.query(
        'insert into news_comments (post_id, author_id, content) values ($1, $2, $3) returning id, content, created_at',
        [postId, member.id, content],
      )
    ).rows[0];
    if (pointsAwarded > 0) {
      await client.query(
        `insert into point_transactions (member_id, points, kind, description, source_type, source_id, reverses_id, recorded_by_id,
                base_points, tier_multiplier, promotion_multiplier, promotion_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (member_id, kind, source_id) do nothing returning id`,
        [
          member.id,
          pointsAwarded,
          'comment_reward',
          `Commented on: ${post.title}`,
          'news_comment',
          comment.id,
          null,
          null,
          basePoints,
          tierMultiplier,
          100,
          null,
        ],
      );
      await client.query(
        `update members set current_points = current_points + $1, total_points = greatest(total_points + $2, 0), updated_at = now()
          where id = $3 returning current_points, total_points, member_tier`,
        [pointsAwarded, pointsAwarded, member.id],
      );
    }
    const author = (await client.query('select first_name, current_points, total_points from members where id = $1', [member.id]))
      .rows[0];
    await outbox(client, 'CommentPosted', comment.id, {
      commentId: comment.id,
      memberId: member.id,
      postId,
      pointsAwarded,
      postTitle: post.title,
    });
    // Last, as the api's UnitOfWork runs it: the post's row lock lasts this statement and the commit.
    await client.query('update news_posts set comment_count = comment_count + $1 where id = $2', [1, postId]);
    return {
      status: 201,
      body: {
        id: comment.id,
        content: comment.content,
        createdAt: iso(comment.created_at),
        author: { firstName: author.first_name },
        pointsAwarded,
        currentPoints: author.current_points,
        totalPoints: author.total_points,
      },
    };
  });
}

/** The coupon changed between the claim's check and its take, and no rule refuses it: rolled back, the claim starts again. */
class ClaimOvertaken extends Error {}

/** The api's ClaimCouponHandler: up to three tries when the coupon changes under a claim in a way that still allows it. */
async function claimCoupon(pool, member, couponId) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await claimOnce(pool, member, couponId);
    } catch (error) {
      if (!(error instanceof ClaimOvertaken)) throw error;
      if (attempt === 3) return { status: 409, body: { statusCode: 409, message: CLAIM_REFUSALS.fully_claimed.message } };
    }
  }
}

/** The api's in-memory check (claim-rules.ts): its first refusal, in its order, or null. */
function claimRefusal(coupon, member, claims) {
  const refuse = (status, { message }) => ({ status, body: { statusCode: status, message } });
  if (coupon.archived_at !== null) return refuse(409, CLAIM_REFUSALS.withdrawn);
  if (!coupon.is_active) return refuse(409, CLAIM_REFUSALS.paused);
  if (coupon.valid_until !== null && new Date(coupon.valid_until).getTime() <= Date.now())
    return refuse(409, CLAIM_REFUSALS.expired);
  if (coupon.max_uses !== null && coupon.claimed_count >= coupon.max_uses) return refuse(409, CLAIM_REFUSALS.fully_claimed);
  if (TIERS.indexOf(coupon.required_tier) > TIERS.indexOf(member.member_tier))
    return refuse(403, tierRefusalWords(coupon.required_tier));
  if (claims >= coupon.per_member_limit) return refuse(409, CLAIM_REFUSALS.already_claimed);
  if (member.current_points < coupon.points_cost) return refuse(409, CLAIM_REFUSALS.points);
  return null;
}

/** The api's couponById (coupon-claims.repository.ts). */
const COUPON_SQL = `select id, code, title, description, type, value, points_cost, required_tier, max_uses, per_member_limit, valid_until,
                           is_active, archived_at, claimed_count, redeemed_count, created_at from coupons where id = $1`;
const NOT_FOUND = { status: 404, body: { statusCode: 404, message: 'Coupon not found' } };

async function claimOnce(pool, member, couponId) {
  return inTransaction(pool, async (client) => {
    const claimant = (
      await client.query('select id, member_tier, current_points from members where id = $1 for update', [member.id])
    ).rows[0];
    const coupon = (await client.query(COUPON_SQL, [couponId])).rows[0];
    if (!coupon) return NOT_FOUND;
    const { count: claims } = (
      await client.query('select count(*)::int as count from user_coupons where coupon_id = $1 and member_id = $2', [
        couponId,
        member.id,
      ])
    ).rows[0];
    const refusal = claimRefusal(coupon, claimant, claims);
    if (refusal) return refusal;
    const { id } = (
      await client.query('insert into user_coupons (member_id, coupon_id) values ($1, $2) returning id', [member.id, couponId])
    ).rows[0];
    if (coupon.points_cost > 0) {
      const spent = await client.query(
        `update members set current_points = current_points + $2, updated_at = now()
          where id = $1 and current_points + $2 >= 0 returning current_points, total_points, member_tier`,
        [member.id, -coupon.points_cost],
      );
      if (spent.rowCount === 0) return { status: 409, body: { statusCode: 409, message: CLAIM_REFUSALS.points.message } };
      await client.query(
        `insert into point_transactions (member_id, points, kind, description, source_type, source_id, reverses_id, recorded_by_id,
                base_points, tier_multiplier, promotion_multiplier, promotion_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (member_id, kind, source_id) do nothing returning id`,
        [
          member.id,
          -coupon.points_cost,
          'coupon_claim',
          `Claimed: ${coupon.title}`,
          'user_coupon',
          id,
          null,
          null,
          -coupon.points_cost,
          100,
          100,
          null,
        ],
      );
    }
    const view = (
      await client.query(
        `select uc.id, uc.member_id, uc.coupon_id, uc.claimed_at, uc.redeemed_at, uc.redeemed_by, uc.validated_at, uc.validated_by_id,
                uc.short_code, uc.redeemed_venue_id,
                array(select cv.venue_id from coupon_venues cv where cv.coupon_id = uc.coupon_id order by cv.venue_id) as coupon_venue_ids,
                m.first_name, m.last_name, m.member_tier, m.disabled_at, m.deleted_at,
                (select v.first_name from members as v where v.id = uc.validated_by_id) as validated_by_name, to_json(c) as coupon
           from user_coupons as uc join coupons as c on c.id = uc.coupon_id join members as m on m.id = uc.member_id
          where uc.id = $1`,
        [id],
      )
    ).rows[0];
    const code = shortCode();
    await client.query('savepoint "trx1"');
    await client.query(
      'update user_coupons set short_code = $1 where id = $2 and short_code is not distinct from $3 returning id',
      [code, id, null],
    );
    await client.query('release "trx1"');
    await outbox(client, 'CouponClaimed', id, {
      userCouponId: id,
      couponId,
      memberId: member.id,
      pointsCost: coupon.points_cost,
      title: coupon.title,
    });
    // Last, as the api's UnitOfWork runs it: the coupon's row lock lasts this statement and the commit.
    const taken = await client.query(
      `update "coupons" set "claimed_count" = "claimed_count" + $1, "updated_at" = now()
        where "coupons"."id" = $2 and "coupons"."points_cost" = $3
          and case when "coupons"."archived_at" is not null then 'withdrawn' when not "coupons"."is_active" then 'paused'
              when ("coupons"."valid_until" is not null and "coupons"."valid_until" <= now()) then 'expired'
              when ("coupons"."max_uses" is not null and "coupons"."claimed_count" >= "coupons"."max_uses") then 'fully_claimed'
              when array_position($4::text[], "coupons"."required_tier") > array_position($5::text[], (select "members"."member_tier" from "members" where "members"."id" = $6)) then 'tier'
              when (select count(*)::int as "claims" from "user_coupons" where "user_coupons"."coupon_id" = "coupons"."id" and "user_coupons"."member_id" = $7 and "user_coupons"."id" <> $8) >= "coupons"."per_member_limit" then 'already_claimed'
              when $9::int < "coupons"."points_cost" then 'points' else null end is null
        returning "id"`,
      [1, couponId, coupon.points_cost, TIERS, TIERS, member.id, member.id, id, claimant.current_points],
    );
    if (taken.rowCount === 0) {
      // As the api answers a claim refused at its take: the coupon as it is now, judged on the facts
      // read before the claim (a refusal rolls back); only a change that still allows it starts again.
      const current = (await client.query(COUPON_SQL, [couponId])).rows[0];
      const refusal = current ? claimRefusal(current, claimant, claims) : NOT_FOUND;
      if (refusal) return refusal;
      throw new ClaimOvertaken();
    }
    const row = view.coupon;
    return {
      status: 201,
      body: {
        id,
        couponId,
        claimedAt: iso(view.claimed_at),
        redeemedAt: null,
        validatedAt: null,
        redeemedBy: null,
        qrCode: randomBytes(32).toString('base64url'),
        shortCode: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
        coupon: couponDetails(row),
      },
    };
  });
}

/**
 * A member's own "Redeem Now" (RedeemCouponHandler): in one transaction the user coupon with its
 * coupon and holder, restricted to its owner and locked (`for update of uc`), the conditional
 * redemption, the CouponRedeemed outbox row and, last, the coupon's redeemed count. The coupon's
 * short code was stored at claim, so the api's ShortCodeService runs no statement; the answer
 * carries the QR token, an HMAC of the id with QR_SECRET, as the api's does.
 */
async function redeemMyCoupon(pool, member, userCouponId) {
  return inTransaction(pool, async (client) => {
    const row = (
      await client.query(
        `select "uc"."id", "uc"."member_id", "uc"."coupon_id", "uc"."claimed_at", "uc"."redeemed_at", "uc"."redeemed_by",
                "uc"."validated_at", "uc"."validated_by_id", "uc"."short_code", "uc"."redeemed_venue_id",
                array(select "cv"."venue_id" from "coupon_venues" "cv" where "cv"."coupon_id" = "uc"."coupon_id" order by "cv"."venue_id") as "coupon_venue_ids",
                "m"."first_name", "m"."last_name", "m"."member_tier",
                "m"."disabled_at", "m"."deleted_at",
                (select "v"."first_name" from "members" as "v" where "v"."id" = "uc"."validated_by_id") as "validated_by_name",
                to_json("c") as "coupon"
           from "user_coupons" as "uc" inner join "coupons" as "c" on "c"."id" = "uc"."coupon_id"
          inner join "members" as "m" on "m"."id" = "uc"."member_id"
          where "uc"."id" = $1 and "uc"."member_id" = $2 for update of "uc"`,
        [userCouponId, member.id],
      )
    ).rows[0];
    if (!row) return { status: 404, body: { statusCode: 404, message: 'Coupon not found' } };
    const { coupon } = row;
    const unusable =
      row.redeemed_at !== null ||
      coupon.archived_at !== null ||
      !coupon.is_active ||
      (coupon.valid_until !== null && new Date(coupon.valid_until) <= new Date());
    if (unusable) return { status: 409, body: { statusCode: 409, message: 'This coupon has already been redeemed' } };
    const changed = (
      await client.query(
        `update "user_coupons" set "redeemed_at" = now(), "redeemed_by" = $1 where "id" = $2 and "redeemed_at" is null
         returning "redeemed_at", "validated_at"`,
        ['member', row.id],
      )
    ).rows[0];
    if (!changed) return { status: 409, body: { statusCode: 409, message: 'This coupon has already been redeemed' } };
    await outbox(client, 'CouponRedeemed', row.id, { userCouponId: row.id, memberId: row.member_id, by: 'member' });
    // The count every redemption of this coupon contends for comes last, as the api's `lastly` puts it.
    await client.query('update "coupons" set "redeemed_count" = "redeemed_count" + $1, "updated_at" = now() where "id" = $2', [
      1,
      row.coupon_id,
    ]);
    const code = row.short_code ?? '';
    return {
      status: 200,
      body: {
        id: row.id,
        couponId: row.coupon_id,
        claimedAt: iso(row.claimed_at),
        redeemedAt: iso(changed.redeemed_at),
        validatedAt: null,
        redeemedBy: 'member',
        qrCode: createHmac('sha256', QR_SECRET).update(`user-coupon:${row.id}`).digest('base64url'),
        shortCode: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
        coupon: couponDetails(coupon),
      },
    };
  });
}

/** The writes the baseline serves: `(method, pathname)` to a handler of `(member, body)`, or undefined. */
export function writeRoute(pool, method, pathname) {
  if (method !== 'POST') return undefined;
  const comment = /^\/api\/news\/([0-9a-f-]{36})\/comments$/.exec(pathname);
  if (comment) return (member, body) => postComment(pool, member, comment[1], body);
  const claim = /^\/api\/coupons\/([0-9a-f-]{36})\/claim$/.exec(pathname);
  if (claim) return (member) => claimCoupon(pool, member, claim[1]);
  const redeem = /^\/api\/coupons\/redeem\/([0-9a-f-]{36})$/.exec(pathname);
  if (redeem) return (member) => redeemMyCoupon(pool, member, redeem[1]);
  return undefined;
}

/** Reads a request's JSON body (the baseline's only parsing). */
export function readJson(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}
