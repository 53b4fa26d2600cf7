import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';
import { NewsPost } from './news-post.entity.js';

/**
 * A member's comment on a post. Admin removal is a soft delete (deletedAt): the ledger row that
 * rewarded the comment keeps pointing at something real, and its reversal says why.
 */
export const NewsComment = defineEntity({
  name: 'NewsComment',
  tableName: 'news_comments',
  indexes: [
    { name: 'news_comments_post_created_id_idx', properties: ['post', 'createdAt', 'id'] },
    { name: 'news_comments_created_idx', properties: ['createdAt', 'id'] },
  ],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    post: () => p.manyToOne(NewsPost).deleteRule('cascade'),
    author: () => p.manyToOne(Member).deleteRule('cascade').index(),
    content: p.string().length(2000),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
    deletedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
  },
});
