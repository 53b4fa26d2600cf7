import { z } from 'zod';
import { PageQuery, requiredText } from './common.js';
import { NEWS_CONTENT_TYPES } from './constants.js';

export const NewsContentType = z.enum(NEWS_CONTENT_TYPES, { message: `must be one of ${NEWS_CONTENT_TYPES.join(', ')}` });
export type NewsContentType = z.infer<typeof NewsContentType>;

export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 20_000;
export const COMMENT_MAX = 2000;

/**
 * The featured image is an object path from the media upload (e.g. `news/<uuid>.jpg`), never a
 * full URL: the api serves it under /media/. Empty or null means no image.
 */
const featuredImagePathText = z
  .string()
  .trim()
  .max(300, 'must be at most 300 characters')
  .regex(/^$|^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*$/, 'must be an uploaded object path such as news/<id>.jpg');

export const FeaturedImagePath = featuredImagePathText.nullish().transform((value) => value || null);

const NewsVenueIds = z
  .array(z.number({ message: 'must be venue ids' }).int('must be venue ids').positive('must be venue ids'), {
    message: 'must be a list of venue ids',
  })
  .max(100, 'must name at most 100 venues');

export const CreateNewsPostRequest = z.object({
  title: requiredText(NEWS_TITLE_MAX, { multiline: false }),
  content: requiredText(NEWS_CONTENT_MAX),
  contentType: NewsContentType.default('announcement'),
  featuredImageUrl: FeaturedImagePath,
  /** The venues it is about; empty or left out: the whole group's. */
  venueIds: NewsVenueIds.default([]),
});
export type CreateNewsPostRequest = z.infer<typeof CreateNewsPostRequest>;

const UPDATABLE_FIELDS = ['title', 'content', 'contentType', 'featuredImageUrl'] as const;

/**
 * `PATCH /api/admin/news/{id}`: only the fields present change, each under the rules of create.
 * `featuredImageUrl` replaces the image with another finalized upload; null or empty removes it;
 * absent keeps it. (Not `FeaturedImagePath.optional()`: that one turns an absent value into null.)
 */
export const UpdateNewsPostRequest = z
  .object({
    title: requiredText(NEWS_TITLE_MAX, { multiline: false }).optional(),
    content: requiredText(NEWS_CONTENT_MAX).optional(),
    contentType: NewsContentType.optional(),
    featuredImageUrl: featuredImagePathText
      .nullable()
      .transform((value) => value || null)
      .optional(),
    /** The venues it is about (empty: the whole group's); left out: unchanged. */
    venueIds: NewsVenueIds.optional(),
  })
  .refine((patch) => patch.venueIds !== undefined || UPDATABLE_FIELDS.some((field) => patch[field] !== undefined), {
    message: `must change at least one of ${UPDATABLE_FIELDS.join(', ')}`,
  });
export type UpdateNewsPostRequest = z.infer<typeof UpdateNewsPostRequest>;

export const NewsPost = z
  .object({
    id: z.uuid(),
    title: z.string(),
    content: z.string(),
    contentType: NewsContentType,
    featuredImageUrl: z.string().nullable(),
    createdAt: z.iso.datetime(),
    viewCount: z.number().int(),
    likeCount: z.number().int(),
    commentCount: z.number().int(),
    /** Whether the signed-in member likes this post. */
    likedByMe: z.boolean(),
    /** Present for a post about chosen venues: their ids and names. Absent: the whole group's. */
    venueIds: z.array(z.number().int()).optional(),
    venues: z.array(z.string()).optional(),
  })
  .meta({ id: 'NewsPost' });
export type NewsPost = z.infer<typeof NewsPost>;

/** `GET /api/news?limit=&cursor=`: newest first; pass `nextCursor` back as `cursor` for the next page. */
export const NewsListQuery = PageQuery;
export type NewsListQuery = z.infer<typeof NewsListQuery>;

export const NewsListResponse = z
  .object({
    posts: z.array(NewsPost),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'NewsListResponse' });
export type NewsListResponse = z.infer<typeof NewsListResponse>;

/** Answer of `PUT` and `DELETE /api/news/{id}/like` (both idempotent). */
export const NewsLikeResponse = z.object({ postId: z.uuid(), likeCount: z.number().int(), likedByMe: z.boolean() });
export type NewsLikeResponse = z.infer<typeof NewsLikeResponse>;

export const NewsComment = z
  .object({
    id: z.uuid(),
    content: z.string(),
    createdAt: z.iso.datetime(),
    author: z.object({ firstName: z.string() }),
  })
  .meta({ id: 'NewsComment' });
export type NewsComment = z.infer<typeof NewsComment>;

/** Most comments one page of a post's comments holds; a larger `limit` is refused (400), not clamped. */
export const POST_COMMENTS_PAGE_MAX = 100;

/**
 * `GET /api/news/{id}/comments?limit=&cursor=`: the post's comments oldest first, `limit` 1..100
 * (default 50); pass `nextCursor` back as `cursor` for the next page. A post may hold tens of
 * thousands of comments: no answer carries them all.
 */
export const PostCommentsQuery = z.object({
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be between 1 and ${POST_COMMENTS_PAGE_MAX}`)
    .max(POST_COMMENTS_PAGE_MAX, `must be between 1 and ${POST_COMMENTS_PAGE_MAX}`)
    .default(50),
  cursor: z.string().max(200).optional(),
});
export type PostCommentsQuery = z.infer<typeof PostCommentsQuery>;

export const PostCommentsPage = z
  .object({
    comments: z.array(NewsComment),
    /** Null on the last page; comments posted later appear after the last one (oldest first). */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'PostCommentsPage' });
export type PostCommentsPage = z.infer<typeof PostCommentsPage>;

export const PostCommentRequest = z.object({ content: requiredText(COMMENT_MAX) });
export type PostCommentRequest = z.infer<typeof PostCommentRequest>;

/**
 * The new comment, what it earned and the member's balance after it. `pointsAwarded` is 0 once
 * the nightly reward limit is reached: the comment is posted but earns nothing.
 */
export const PostCommentResponse = NewsComment.extend({
  pointsAwarded: z.number().int(),
  currentPoints: z.number().int(),
  totalPoints: z.number().int(),
}).meta({ id: 'PostCommentResponse' });
export type PostCommentResponse = z.infer<typeof PostCommentResponse>;

/**
 * What the member's next comment tonight would earn: `pointsPerComment` while `leftTonight` (the
 * nightly limit less tonight's rewards still standing) is above 0, nothing after.
 */
export const CommentRewardsTonight = z
  .object({
    /** What the member's next comment pays tonight: POINTS_PER_COMMENT times their tier's and tonight's promotion's multipliers. */
    pointsPerComment: z.number().int(),
    leftTonight: z.number().int(),
  })
  .meta({ id: 'CommentRewardsTonight' });
export type CommentRewardsTonight = z.infer<typeof CommentRewardsTonight>;

export const DeleteCommentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Points taken back from the author's balance (0 if the comment earned none, was already removed, or its points were all spent). */
  pointsReversed: z.number().int(),
});
export type DeleteCommentResponse = z.infer<typeof DeleteCommentResponse>;

/**
 * Answer of `DELETE /api/admin/news/{id}`. The post goes with its comments, likes and views; the
 * points its comments earned stay with their members (the ledger keeps every row).
 */
export const DeleteNewsPostResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Live comments removed with the post. */
  commentsRemoved: z.number().int(),
  /** Comment rewards already paid on this post; members keep them. */
  pointsKept: z.number().int(),
});
export type DeleteNewsPostResponse = z.infer<typeof DeleteNewsPostResponse>;
