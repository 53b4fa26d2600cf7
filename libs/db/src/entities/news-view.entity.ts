import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';
import { NewsPost } from './news-post.entity.js';

/** A member's first opening of a post; the unique key counts each member once per post. */
export const NewsView = defineEntity({
  name: 'NewsView',
  tableName: 'news_views',
  uniques: [{ name: 'news_views_post_member_unique', properties: ['post', 'member'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    post: () => p.manyToOne(NewsPost).deleteRule('cascade'),
    member: () => p.manyToOne(Member).deleteRule('cascade').index(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
