import { defineEntity, p } from '@mikro-orm/core';
import { NEWS_CONTENT_TYPES } from '@nocturne/domain';
import { Member } from './member.entity.js';

export { NEWS_CONTENT_TYPES, type NewsContentType } from '@nocturne/domain';

/**
 * A news post. The three counts are caches of news_views, news_likes and live news_comments,
 * changed in the same transaction as the row they count, so the feed never counts rows.
 */
export const NewsPost = defineEntity({
  name: 'NewsPost',
  tableName: 'news_posts',
  indexes: [{ name: 'news_posts_feed_idx', properties: ['createdAt', 'id'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    title: p.string().length(200),
    content: p.text(),
    contentType: p.enum(NEWS_CONTENT_TYPES).default('announcement'),
    /** An object path from the media upload (e.g. news/<uuid>.jpg), not a full URL. */
    featuredImageUrl: p.text().nullable(),
    author: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    publishedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    viewCount: p.integer().default(0),
    likeCount: p.integer().default(0),
    commentCount: p.integer().default(0),
  },
});
