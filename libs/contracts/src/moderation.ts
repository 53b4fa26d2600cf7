import { z } from 'zod';
import { optionalText, PageQuery, Uuid } from './common.js';
import { COMMENT_VISIBILITIES } from './constants.js';

/**
 * `GET /api/admin/comments`: every post's comments, newest first, paged like the feed (pass
 * `nextCursor` back as `cursor`). `q` matches the text, the author's name or e-mail (its `%` and
 * `_` are plain characters); `status` is visible (default), removed or all.
 */
export const AdminCommentsQuery = PageQuery.extend({
  postId: Uuid.optional(),
  memberId: Uuid.optional(),
  q: optionalText(200, { multiline: false }),
  status: z.enum(COMMENT_VISIBILITIES, { message: `must be one of ${COMMENT_VISIBILITIES.join(', ')}` }).default('visible'),
});
export type AdminCommentsQuery = z.infer<typeof AdminCommentsQuery>;

export const AdminComment = z
  .object({
    id: z.uuid(),
    content: z.string(),
    createdAt: z.iso.datetime(),
    post: z.object({ id: z.uuid(), title: z.string() }),
    author: z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string(),
      /** Their balance now: removing a rewarded comment takes back at most this much. */
      currentPoints: z.number().int(),
    }),
    /** Points the comment earned (0 past the nightly limit). */
    pointsAwarded: z.number().int(),
    /** Null while members see the comment. */
    removed: z
      .object({
        at: z.iso.datetime(),
        /** The admin who removed it; null when it went with the member's deleted account. */
        by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
        /** Points taken back from the balance (less than awarded when some were already spent). */
        pointsReversed: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'AdminComment' });
export type AdminComment = z.infer<typeof AdminComment>;

export const AdminCommentList = z
  .object({
    comments: z.array(AdminComment),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminCommentList' });
export type AdminCommentList = z.infer<typeof AdminCommentList>;
