import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';
import { NewsPost } from './news-post.entity.js';

/** A member likes a post at most once: the unique key makes like/unlike idempotent under races. */
export const NewsLike = defineEntity({
  name: 'NewsLike',
  tableName: 'news_likes',
  uniques: [{ name: 'news_likes_post_member_unique', properties: ['post', 'member'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    post: () => p.manyToOne(NewsPost).deleteRule('cascade'),
    member: () => p.manyToOne(Member).deleteRule('cascade').index(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
